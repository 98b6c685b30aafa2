/**
 * A conversation with the built-in model as the run loop holds it: the test says what the user types and what the
 * tools answer; the helper records each step as the loop would (a question as a `question` message, tool calls as
 * `assistant_tool_calls`, results as `tool` messages).
 */

import { builtinStep } from '../../../model/builtin/builtinModel';
import type { AgentMessage, AgentTool, ModelStep } from '../../../model/types';
import { AGENT_OPERATIONS, COMPANY_OPERATIONS, PEOPLE_OPERATIONS, registryErrors, registryTools } from './catalogue';

export const TODAY = '2026-11-23';

export class Conversation {
  readonly messages: AgentMessage[] = [];
  last: ModelStep | undefined;

  constructor(
    private tools: AgentTool[] = registryTools(),
    private readonly user = { name: 'Alice Martin', role: 'MANAGER' },
    private readonly today = TODAY,
  ) {}

  /** The catalogue from now on (a role changed mid-run). */
  withTools(tools: AgentTool[]): this {
    this.tools = tools;
    return this;
  }

  private next(): ModelStep {
    const step = builtinStep({
      messages: this.messages,
      tools: this.tools,
      today: this.today,
      timeZone: 'Europe/Paris',
      user: this.user,
    });
    if (step.type === 'question') {
      this.messages.push({ role: 'question', text: step.text, ...(step.choices ? { choices: step.choices } : {}) });
    } else if (step.type === 'reply') {
      this.messages.push({ role: 'assistant', text: step.text });
    } else {
      this.messages.push({
        role: 'assistant_tool_calls',
        calls: step.calls,
        ...(step.text ? { text: step.text } : {}),
      });
    }
    this.last = step;
    return step;
  }

  /** The user says `text`; answers the model's next step. */
  say(text: string): ModelStep {
    this.messages.push({ role: 'user', text });
    return this.next();
  }

  /** The planned calls answer `results` (one per call, in order); answers the model's next step. */
  answer(...results: { ok: boolean; result: unknown }[]): ModelStep {
    const step = this.last;
    if (step?.type !== 'tool_calls') throw new Error('the model planned no tool calls');
    step.calls.forEach((call, index) => {
      const outcome = results[index] ?? results[0]!;
      this.messages.push({ role: 'tool', toolCallId: call.id, tool: call.tool, ...outcome });
    });
    return this.next();
  }
}

/** A successful tool result, as the REST layer's `{ data }`. */
export function ok(data: unknown): { ok: true; result: unknown } {
  return { ok: true, result: { data } };
}

/** A failed tool result. */
export function failed(code: string, message: string): { ok: false; result: unknown } {
  return { ok: false, result: { error: { code, message } } };
}

/** A leave request as the list operations return it. */
export function leaveRequest(
  id: string,
  employee: string,
  policy: string,
  start: string,
  end: string,
  status: string,
  totalDays: number,
): Record<string, unknown> {
  return {
    id,
    employee_id: 1,
    employee_name: employee,
    policy,
    start_date: start,
    end_date: end,
    total_days: totalDays,
    half_day: false,
    status,
    created_at: '2026-11-01T09:00:00.000Z',
  };
}

/** Wednesday 25 November 2026: the day of the company request conversations. */
export const WED = '2026-11-25';

/** A conversation with every agent tool, leave and company, on WED, as Alice Martin with `role`. */
export function companyChat(role = 'EMPLOYEE'): Conversation {
  return new Conversation(
    registryTools([...AGENT_OPERATIONS, ...COMPANY_OPERATIONS]),
    { name: 'Alice Martin', role },
    WED,
  );
}

/** A conversation with every agent tool, the people processes' too, on `today` (WED), as Alice Martin with `role`. */
export function peopleChat(role = 'EMPLOYEE', today = WED): Conversation {
  return new Conversation(
    registryTools([...AGENT_OPERATIONS, ...COMPANY_OPERATIONS, ...PEOPLE_OPERATIONS]),
    { name: 'Alice Martin', role },
    today,
  );
}

/** The person declined the action at the approval gate. */
export const declined = { ok: false, result: { error: { code: 'rejected_by_user', message: 'The user declined' } } };

/** The one call a step plans, checked against the registry's own validation. */
export function planned(step: ModelStep): { tool: string; arguments: Record<string, unknown> } {
  if (step.type !== 'tool_calls') throw new Error(`expected tool calls, got ${JSON.stringify(step)}`);
  const [call] = step.calls;
  expect(registryErrors(call!)).toEqual([]);
  return { tool: call!.tool, arguments: call!.arguments };
}

import { builtinStep } from '../../../model/builtin/builtinModel';
import type { ModelInput, ModelStep } from '../../../model/types';
import { AGENT_OPERATIONS, COMPANY_OPERATIONS, registryErrors, registryTools } from './catalogue';
import { HELD_OUT } from './companyRequests.heldOut';
import { COMPANY_REQUESTS, WED, type CompanyCase } from './companyRequests.table';

/**
 * The built-in model on the company API's everyday requests (issue 19, item 6): the table of rows and variants
 * (companyRequests.table.ts), asserted exactly, and a held-out table of phrasings written before the rules
 * (companyRequests.heldOut.ts), asserted on the tool and the arguments that matter. Every planned call passes the
 * registry's own validation. The user is Alice Martin, EMPLOYEE, as in the other model tests.
 */
const ALL = registryTools([...AGENT_OPERATIONS, ...COMPANY_OPERATIONS]);
const LEAVE_ONLY = registryTools(AGENT_OPERATIONS);

function inputFor(c: { text: string; today?: string; timeZone?: string; leaveOnly?: boolean }): ModelInput {
  return {
    messages: [{ role: 'user', text: c.text }],
    tools: c.leaveOnly ? LEAVE_ONLY : ALL,
    today: c.today ?? WED,
    timeZone: c.timeZone ?? 'Europe/Paris',
    user: { name: 'Alice Martin', role: 'EMPLOYEE' },
  };
}

function registryCallErrors(step: ModelStep): string[] {
  return step.type === 'tool_calls' ? step.calls.flatMap(registryErrors) : [];
}

function label(c: CompanyCase): string {
  const notes = [c.today && `today ${c.today}`, c.timeZone, c.leaveOnly && 'leave tools only'].filter(Boolean);
  return notes.length ? `${c.text} (${notes.join(', ')})` : c.text;
}

describe('the built-in model on the company requests table', () => {
  const outcomes = COMPANY_REQUESTS.map((c) => ({ c, actual: builtinStep(inputFor(c)) }));

  it('covers each of the six requests, each row written once', () => {
    const keys = COMPANY_REQUESTS.map((c) => `${c.text}|${c.today ?? ''}|${c.timeZone ?? ''}|${c.leaveOnly ?? ''}`);
    expect(new Set(keys).size).toBe(keys.length);
    const tools = new Set(
      outcomes.flatMap(({ c }) => (c.expected.type === 'tool_calls' ? c.expected.calls : [])).map((call) => call.tool),
    );
    expect([...tools].sort()).toEqual([...COMPANY_OPERATIONS].sort());
  });

  it.each(outcomes.map((o) => [label(o.c), o] as const))(
    'answers "%s" with the expected step',
    (_name, { c, actual }) => {
      expect(actual).toEqual(c.expected);
    },
  );

  it('plans only arguments the registry accepts', () => {
    const invalid = outcomes.flatMap(({ c, actual }) => registryCallErrors(actual).map((e) => `${c.text}: ${e}`));
    expect(invalid).toEqual([]);
  });

  it('plans the same step twice for the same input (replay gives identical plans)', () => {
    for (const { c, actual } of outcomes) expect(builtinStep(inputFor(c))).toEqual(actual);
  });
});

describe('the built-in model on held-out phrasings (written before its rules)', () => {
  const outcomes = HELD_OUT.map((c) => ({ c, actual: builtinStep(inputFor(c)) }));

  it.each(outcomes.map((o) => [o.c.text, o] as const))('plans "%s" as expected', (_name, { c, actual }) => {
    if (c.tool === 'question') {
      expect(actual.type).toBe('question');
      return;
    }
    expect(actual.type).toBe('tool_calls');
    if (actual.type !== 'tool_calls') return;
    expect(actual.calls[0]?.tool).toBe(c.tool);
    expect(actual.calls[0]?.arguments).toMatchObject(c.arguments ?? {});
    expect(registryCallErrors(actual)).toEqual([]);
  });

  it('reports its accuracy on them', () => {
    const passed = outcomes.filter(({ c, actual }) => {
      if (c.tool === 'question') return actual.type === 'question';
      if (actual.type !== 'tool_calls' || actual.calls[0]?.tool !== c.tool) return false;
      try {
        expect(actual.calls[0].arguments).toMatchObject(c.arguments ?? {});
        return true;
      } catch {
        return false;
      }
    }).length;
    process.stdout.write(`built-in model accuracy on the held-out company phrasings: ${passed}/${HELD_OUT.length}\n`);
    expect(passed).toBe(HELD_OUT.length);
  });
});

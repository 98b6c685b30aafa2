/**
 * The agent's tool catalogue for the model tests, derived from the operation registry as the run loop derives it:
 * one tool per operation the agent uses, its arguments the operation's params, query and body side by side. The
 * same registry schemas check every argument the model plans, so the table cannot drift from the API.
 */

import type { z } from 'zod';
import { toJsonSchema } from '../../../operations/jsonSchema';
import { findOperation, operations } from '../../../operations';
import { deriveTools } from '../../../operations/tools';
import { AGENT_ONLY_OPERATIONS } from '../../../activities/agent/tools';
import type { AgentTool, JsonSchemaObject, ToolCall } from '../../../model/types';

/** The registry operations the leave agent calls. */
export const AGENT_OPERATIONS = [
  'get_me',
  'list_leave_requests',
  'create_leave_request',
  'untaken_leave_report',
  'get_leave_balances',
  'list_leave_approvals',
  'decide_leave_request',
  'cancel_leave_request',
] as const;

/** The company API operations the agent plans for the everyday requests of issue 19 (time, expenses, WFA, pay). */
export const COMPANY_OPERATIONS = [
  'clock_in',
  'clock_out',
  'start_break',
  'end_break',
  'create_time_entry',
  'create_expense_claim',
  'create_work_from_anywhere_request',
  'list_people_abroad',
  'list_payslips',
] as const;

/** The company API operations the agent plans for the people-process requests of issue 20. */
export const PEOPLE_OPERATIONS = [
  'list_onboarding_tasks',
  'complete_onboarding_task',
  'list_offboarding_tasks',
  'complete_offboarding_task',
  'list_applications',
  'move_application_stage',
  'list_certifications',
  'list_courses',
  'create_enrolment',
  'list_goals',
] as const;

const PARTS = ['params', 'query', 'body'] as const;

function operation(name: string) {
  const op = findOperation(name);
  if (!op) throw new Error(`no registry operation ${name}`);
  return op;
}

/** The catalogue holding `names` (all the agent's operations unless said). */
export function registryTools(names: readonly string[] = AGENT_OPERATIONS): AgentTool[] {
  return names.map((name) => {
    const op = operation(name);
    const properties: Record<string, unknown> = {};
    const required: string[] = [];
    for (const part of PARTS) {
      const schema = op.input[part] as z.ZodType | undefined;
      if (!schema) continue;
      const json = toJsonSchema(schema, 'input');
      Object.assign(properties, json.properties ?? {});
      required.push(...((json.required as string[] | undefined) ?? []));
    }
    const inputSchema: JsonSchemaObject = { type: 'object', properties, ...(required.length ? { required } : {}) };
    return {
      name,
      description: [op.summary, op.description].filter(Boolean).join('. '),
      inputSchema,
      kind: op.method === 'GET' ? 'read' : 'write',
    };
  });
}

/**
 * Every tool a run of a user holding every scope is offered (activities/agent/tools.ts: the registry's MCP tools and
 * the agent-only leave operations), so that a test sees every rival a request's words could reach.
 */
export function everyTool(): AgentTool[] {
  const registry: AgentTool[] = deriveTools(operations).map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    kind: tool.operation.method === 'GET' ? 'read' : 'write',
  }));
  return [...registry, ...registryTools(AGENT_ONLY_OPERATIONS)];
}

/** The registry's own validation of a planned call: the errors it would answer with, none when valid. */
export function registryErrors(call: ToolCall): string[] {
  const op = operation(call.tool);
  const errors: string[] = [];
  const claimed = new Set<string>();
  for (const part of PARTS) {
    const schema = op.input[part] as z.ZodObject | undefined;
    if (!schema) continue;
    const keys = Object.keys(schema.shape);
    const value = Object.fromEntries(Object.entries(call.arguments).filter(([key]) => keys.includes(key)));
    keys.forEach((key) => claimed.add(key));
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      errors.push(...parsed.error.issues.map((issue) => `${part}.${issue.path.join('.')}: ${issue.message}`));
  }
  for (const key of Object.keys(call.arguments)) if (!claimed.has(key)) errors.push(`unknown argument ${key}`);
  return errors;
}

/**
 * The tools the evaluated model is offered: what a run of a user holding every scope gets (activities/agent/tools.ts:
 * the registry's MCP tools, read or write), plus the two outbound tools of the model tests. With `agent` (the
 * default) it also holds the leave operations issue 22 puts in the agent's catalogue though they are not MCP tools
 * (own balances, the approvals inbox, deciding and cancelling), so that the corpus measures the model, not the gap.
 */

import type { z } from 'zod';
import { findOperation, operations } from '../operations';
import { toJsonSchema } from '../operations/jsonSchema';
import { deriveTools, toolDescription } from '../operations/tools';
import type { AgentTool, JsonSchemaObject } from '../model/types';

export const CATALOGUES = ['agent', 'run'] as const;
export type CatalogueName = (typeof CATALOGUES)[number];

/** Registry operations the agent should offer that carry no `mcp` entry today. */
export const AGENT_ONLY_OPERATIONS = [
  'get_leave_balances',
  'list_leave_approvals',
  'decide_leave_request',
  'cancel_leave_request',
] as const;

/** The outbound tools of test/unit/model/requests.test.ts: an allow-listed payroll server and `everything`. */
export const OUTBOUND_TOOLS: AgentTool[] = [
  {
    name: 'mcp__payroll__get_payslip',
    description: 'The payslip of a month (payroll system)',
    inputSchema: { type: 'object', properties: { month: { type: 'string' } }, required: ['month'] },
    kind: 'external',
  },
  {
    name: 'mcp__everything__echo',
    description: 'Echoes back the input string (MCP server everything)',
    inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
    kind: 'external',
  },
];

function operationTool(name: string): AgentTool {
  const op = findOperation(name);
  if (!op) throw new Error(`no registry operation ${name}`);
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = op.input[part] as z.ZodType | undefined;
    if (!schema) continue;
    const json = toJsonSchema(schema, 'input');
    Object.assign(properties, json.properties ?? {});
    required.push(...((json.required as string[] | undefined) ?? []));
  }
  const inputSchema: JsonSchemaObject = { type: 'object', properties, ...(required.length ? { required } : {}) };
  return { name, description: toolDescription(op), inputSchema, kind: op.method === 'GET' ? 'read' : 'write' };
}

/** The catalogue the model is given for every row. */
export function evalCatalogue(name: CatalogueName = 'agent'): AgentTool[] {
  const registry: AgentTool[] = deriveTools(operations).map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    kind: tool.operation.method === 'GET' ? 'read' : 'write',
  }));
  const extra = name === 'agent' ? AGENT_ONLY_OPERATIONS.map(operationTool) : [];
  return [...registry, ...extra, ...OUTBOUND_TOOLS];
}

/** Whether a tool of this name exists: a registry operation or an outbound tool of the catalogue. */
export function toolExists(name: string): boolean {
  return Boolean(findOperation(name)) || OUTBOUND_TOOLS.some((tool) => tool.name === name);
}

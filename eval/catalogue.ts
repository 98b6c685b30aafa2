/**
 * The tools the evaluated model is offered. `agent` (the default): what a run of a user holding every scope gets
 * (activities/agent/tools.ts: the registry's MCP tools and the agent-only leave operations, read or write), plus the
 * two outbound tools of the model tests. `mcp`: the inbound MCP server's tools only (without the agent-only
 * operations), to see what the model does when a tool it would want is missing.
 */

import type { z } from 'zod';
import { findOperation, operations } from '../operations';
import { toJsonSchema } from '../operations/jsonSchema';
import { deriveTools, toolDescription } from '../operations/tools';
import type { AgentTool, JsonSchemaObject } from '../model/types';
import { AGENT_ONLY_OPERATIONS } from '../activities/agent/tools';

export const CATALOGUES = ['agent', 'mcp'] as const;
export type CatalogueName = (typeof CATALOGUES)[number];

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

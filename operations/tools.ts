import type { z } from 'zod';
import type { Actor } from '../engines/access/actor';
import { toJsonSchema, type JsonSchema } from './jsonSchema';
import type { Operation, ToolAnnotations } from './defineOperation';

/** An MCP tool derived from a registry operation: same name, description, schemas and handler. */
export interface DerivedTool {
  name: string;
  operation: Operation;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, JsonSchema>; required?: string[] } & JsonSchema;
  outputSchema: { type: 'object' } & JsonSchema;
  annotations: ToolAnnotations & { title: string };
  /** Which input part (params, query, body) each argument belongs to. */
  partOf: Record<string, 'params' | 'query' | 'body'>;
}

/** The error codes a tool result carries (AppError's), by the HTTP status the REST descriptions speak of. */
const errorCodeOfStatus: Record<string, string> = {
  '400': 'validation_error',
  '401': 'unauthorized',
  '403': 'forbidden',
  '404': 'not_found',
  '409': 'conflict',
  '413': 'payload_too_large',
  '422': 'idempotency_key_reused',
  '429': 'rate_limited',
};

/**
 * An operation's description as a tool's: the summary, then the description with its HTTP statuses said as the
 * error codes a tool result carries ("answers 409" reads "fails with conflict", "404 otherwise" reads "not_found
 * otherwise"), since an MCP client or the agent's model never sees a status.
 */
export function toolDescription(op: Pick<Operation, 'summary' | 'description'>): string {
  const text = [op.summary, op.description].filter(Boolean).join('. ');
  return text
    .replace(/\banswers (4\d\d)(?: (validation_error|not_found|conflict|forbidden|unauthorized))?\b/g, (all, status) =>
      errorCodeOfStatus[status] ? `fails with ${errorCodeOfStatus[status]}` : all,
    )
    .replace(/\b(4\d\d)\b(?! ?(?:days|%|ms|s\b))/g, (all, status) => errorCodeOfStatus[status] ?? all);
}

/**
 * Whether the operation refuses an argument it does not name, so that its tool's input schema may say
 * `additionalProperties: false`: a tool's unknown arguments go to the body (the query for a GET), so it does
 * when that part is a strict object, or is absent from an operation that is not a GET ("takes no body").
 */
function refusesUnknownArguments(op: Operation): boolean {
  const part = (op.method === 'GET' ? op.input.query : op.input.body) as z.ZodType | undefined;
  if (!part) return op.method !== 'GET';
  return toJsonSchema(part, 'input').additionalProperties === false;
}

/**
 * One tool per registry operation that carries `mcp`. A tool's arguments are the operation's path
 * parameters, query and body fields side by side (the same names as in REST); the tool's output is the
 * REST answer's `data`.
 */
export function deriveTools(operations: readonly Operation[]): DerivedTool[] {
  return operations.flatMap((op) => {
    if (!op.mcp) return [];
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    const partOf: DerivedTool['partOf'] = {};
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = op.input[part] as z.ZodType | undefined;
      if (!schema) continue;
      const json = toJsonSchema(schema, 'input');
      for (const [name, prop] of Object.entries((json.properties ?? {}) as Record<string, JsonSchema>)) {
        properties[name] = prop;
        partOf[name] = part;
      }
      required.push(...(((json.required as string[] | undefined) ?? []) as string[]));
    }
    const output = toJsonSchema(op.output, 'output');
    // MCP's structuredContent is an object: a tool's output must be one (all contract outputs are).
    if (output.type !== 'object') throw new Error(`${op.name}: an MCP tool's output must be an object schema`);
    return [
      {
        name: op.mcp.tool,
        operation: op,
        description: toolDescription(op),
        inputSchema: {
          type: 'object',
          properties,
          ...(required.length ? { required } : {}),
          ...(refusesUnknownArguments(op) ? { additionalProperties: false } : {}),
        },
        outputSchema: output as { type: 'object' } & JsonSchema,
        annotations: { title: op.summary, ...op.mcp.annotations },
        partOf,
      },
    ];
  });
}

/**
 * May this actor's credential use the tool at all? (MCP's tools/list and the agent's catalogue show only these; the
 * call itself is checked again by invoke. The role is checked by the handler's engine, on the data.)
 */
export function toolPermitted(actor: Actor, tool: DerivedTool): boolean {
  const access = tool.operation.access;
  return access === 'any' || (access !== 'public' && actor.credential.scopes.includes(access));
}

/** Splits a tool call's arguments back into the operation's params, query and body. */
export function splitArguments(
  tool: DerivedTool,
  args: Record<string, unknown>,
): { params: Record<string, unknown>; query: Record<string, unknown>; body: Record<string, unknown> } {
  const parts = { params: {}, query: {}, body: {} } as Record<'params' | 'query' | 'body', Record<string, unknown>>;
  for (const [name, value] of Object.entries(args)) {
    // Unknown arguments go to the body (or the query for GETs) so the operation's schema reports them.
    const part = tool.partOf[name] ?? (tool.operation.method === 'GET' ? 'query' : 'body');
    parts[part][name] = value;
  }
  return parts;
}

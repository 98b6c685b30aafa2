import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/**
 * JSON Schema 2020-12 of a zod schema, as OpenAPI 3.1 embeds it (no `$schema` key): the one conversion behind the
 * OpenAPI document (api/openapi.ts) and the MCP tools' schemas (operations/tools.ts).
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

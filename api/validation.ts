import type { z } from 'zod';
import { AppError } from '../engines/appError';
import type { OperationInput, OperationInputSchemas, ReceivedUpload } from './registry/defineOperation';

/** Where an invalid value came from; named in the message so a caller knows what to fix. */
export type InputPart = 'params' | 'query' | 'body' | 'headers';

/**
 * Parses one part of a request with its zod schema, or throws `validation_error` whose message names each
 * invalid field (`start_date: Invalid ISO date`) and whose details list them.
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, part: InputPart): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.join('.') : part,
    message: issue.message,
  }));
  const message = issues.map((i) => `${i.field}: ${i.message}`).join('; ');
  throw new AppError('validation_error', message, { in: part, issues });
}

/**
 * Validates the params, query and body of a call with the operation's schemas, wherever the call came from
 * (a REST request, an MCP tool call, an agent step), so every surface gives the same `validation_error`.
 */
export function parseOperationInput(
  op: { input: OperationInputSchemas },
  parts: { params?: unknown; query?: unknown; body?: unknown; headers?: unknown; upload?: ReceivedUpload },
): OperationInput<OperationInputSchemas> {
  const schemas = op.input;
  return {
    params: schemas.params
      ? (parseInput(schemas.params, parts.params ?? {}, 'params') as Record<string, unknown>)
      : undefined,
    query: schemas.query ? parseInput(schemas.query, parts.query ?? {}, 'query') : undefined,
    body: schemas.body ? parseInput(schemas.body, parts.body ?? {}, 'body') : undefined,
    headers: schemas.headers ? parseInput(schemas.headers, parts.headers ?? {}, 'headers') : undefined,
    // An upload is received (streamed, checked) by the route before this; only its result passes through.
    upload: (schemas.upload ? parts.upload : undefined) as undefined,
  };
}

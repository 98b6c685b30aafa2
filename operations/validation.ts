import type { z } from 'zod';
import { AppError } from '../engines/appError';
import type { OperationInput, OperationInputSchemas, ReceivedUpload } from './defineOperation';

/** Where an invalid value came from; named in the message so a caller knows what to fix. */
export type InputPart = 'params' | 'query' | 'body' | 'headers';

/** Keys that would reach an object's prototype if a later step merged the value with `Object.assign`. */
const prototypeKeys = new Set(['__proto__', 'constructor', 'prototype']);

/** A high surrogate not followed by a low one, or a low one not after a high one. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** No operation takes more values than this in one input; past it the input is refused, not half inspected. */
const MAX_INSPECTED_VALUES = 100_000;

/** A place in an input: its key and the place holding it (a chain, so nesting costs no copying). */
interface Place {
  value: unknown;
  key?: string;
  parent?: Place;
}

function fieldOf(place: Place | undefined, part: InputPart): string {
  const keys: string[] = [];
  for (let at = place; at?.key !== undefined; at = at.parent) keys.unshift(at.key);
  return keys.length > 0 ? keys.join('.') : part;
}

/**
 * What no field of svc-hr may hold, found before any schema or SQL sees it: a NUL character (PostgreSQL cannot
 * store it in text, and one failed statement must not reach the database at all), a lone UTF-16 surrogate (not
 * Unicode, and not storable either), and prototype keys. Answers the first such place and why, or undefined.
 * Walks without recursion, so a deeply nested body cannot overflow the stack.
 */
export function forbiddenContent(value: unknown, part: InputPart): { field: string; message: string } | undefined {
  const stack: Place[] = [{ value }];
  for (let seen = 0; stack.length > 0; seen += 1) {
    if (seen === MAX_INSPECTED_VALUES)
      return { field: part, message: `holds more than ${MAX_INSPECTED_VALUES} values` };
    const place = stack.pop()!;
    const current = place.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000'))
        return { field: fieldOf(place, part), message: 'must not contain a NUL character' };
      if (loneSurrogate.test(current)) {
        return { field: fieldOf(place, part), message: 'must be well-formed Unicode (it holds a lone surrogate)' };
      }
    } else if (current !== null && typeof current === 'object') {
      const isArray = Array.isArray(current);
      for (const [key, child] of Object.entries(current)) {
        const childPlace: Place = { value: child, key, parent: place };
        if (!isArray && prototypeKeys.has(key))
          return { field: fieldOf(childPlace, part), message: 'this key is not accepted' };
        if (!isArray && (key.includes('\u0000') || loneSurrogate.test(key))) {
          return { field: fieldOf(place, part), message: 'a key holds a NUL character or a lone surrogate' };
        }
        stack.push(childPlace);
      }
    }
  }
  return undefined;
}

/**
 * Parses one part of a request with its zod schema, or throws `validation_error` whose message names each
 * invalid field (`start_date: Invalid ISO date`) and whose details list them.
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, part: InputPart): z.output<T> {
  // Headers are Node's to check (it refuses NUL and non-Latin-1 bytes), and carry keys we never read.
  const forbidden = part === 'headers' ? undefined : forbiddenContent(value, part);
  if (forbidden) {
    throw new AppError('validation_error', `${forbidden.field}: ${forbidden.message}`, {
      in: part,
      issues: [forbidden],
    });
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.join('.') : part,
    message: issue.message,
  }));
  const message = issues.map((i) => `${i.field}: ${i.message}`).join('; ');
  throw new AppError('validation_error', message, { in: part, issues });
}

/** No body, or an empty JSON object (what some clients send with every POST). */
function isEmptyBody(body: unknown): boolean {
  return (
    body === undefined ||
    (typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0)
  );
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
  // Only an absent body is an empty one: a JSON `null` is a value, and refused like any other wrong one.
  if (!schemas.body && !schemas.upload && !isEmptyBody(parts.body)) {
    throw new AppError('validation_error', 'body: this operation takes no body', { in: 'body', field: 'body' });
  }
  return {
    params: schemas.params
      ? (parseInput(schemas.params, parts.params ?? {}, 'params') as Record<string, unknown>)
      : undefined,
    query: schemas.query ? parseInput(schemas.query, parts.query ?? {}, 'query') : undefined,
    body: schemas.body ? parseInput(schemas.body, parts.body === undefined ? {} : parts.body, 'body') : undefined,
    headers: schemas.headers ? parseInput(schemas.headers, parts.headers ?? {}, 'headers') : undefined,
    // An upload is received (streamed, checked) by the route before this; only its result passes through.
    upload: (schemas.upload ? parts.upload : undefined) as undefined,
  };
}

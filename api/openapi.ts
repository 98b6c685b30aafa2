import type { z } from 'zod';
import { errorCodes, statusOf } from '../engines/appError';
import type { Operation, UploadInput } from '../operations/defineOperation';
import { toJsonSchema, type JsonSchema } from '../operations/jsonSchema';
import { scopeDescriptions } from '../engines/access/scopes';
import { openApiComponents } from './openApiComponents';
import { exampleOf } from './openApiExamples';
import { openApiTags } from './openApiTags';

const ErrorEnvelope: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: [...errorCodes] },
        message: { type: 'string', description: 'what went wrong, naming the field for validation errors' },
        details: { $ref: '#/components/schemas/ErrorDetails' },
      },
    },
  },
};

/** What `error.details` may hold: the keys our errors set, and others naming the record or value concerned. */
const ErrorDetails: JsonSchema = {
  type: 'object',
  description: 'structured details when they help: for a validation_error, where and which fields were invalid',
  properties: {
    in: {
      type: 'string',
      enum: ['params', 'query', 'body', 'headers', 'upload'],
      description: 'the part of the request that was invalid',
    },
    field: { type: 'string', description: 'the one invalid field or header' },
    issues: {
      type: 'array',
      description: 'each invalid field with what is wrong with it',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: { field: { type: 'string' }, message: { type: 'string' } },
      },
    },
    fields: { type: 'array', items: { type: 'string' }, description: 'fields the credential may not write' },
    id: { type: 'string', description: 'the id of the record concerned' },
    idempotency: {
      type: 'string',
      enum: ['in_progress', 'first_failed', 'incomplete', 'superseded'],
      description:
        'a 409 about the Idempotency-Key: its first request is still running (retry later), failed (retry), ' +
        'made its changes but its answer was lost (not run again: look them up), or was replaced by a retry',
    },
  },
  additionalProperties: true,
};

/** The company API's error answer (company-api.md, Errors): `{ error, reason }`. */
const CompanyError: JsonSchema = {
  type: 'object',
  required: ['error', 'reason'],
  properties: {
    error: {
      type: 'string',
      enum: [...new Set(errorCodes.map((code) => (code === 'validation_error' ? 'bad_request' : code)))],
      description: 'the error code (a validation error is bad_request)',
    },
    reason: { type: 'string', description: 'what went wrong, naming the field to fix for bad_request' },
  },
};

const requestIdHeader = {
  'X-Request-Id': { description: 'correlation id of this request', schema: { type: 'string' } },
};

const rateLimitHeaders = {
  'X-RateLimit-Limit': { description: 'requests allowed per minute for this token', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'requests left in the current window', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'seconds until the window resets', schema: { type: 'integer' } },
};

function errorResponse(
  op: Operation,
  description: string,
  headers: Record<string, unknown> = requestIdHeader,
): Record<string, unknown> {
  const schema = op.errorStyle === 'company' ? 'CompanyError' : 'Error';
  return {
    description,
    headers,
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
  };
}

function parametersOf(op: Operation): JsonSchema[] {
  const params: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', op.input.params],
    ['query', op.input.query],
    ['header', op.input.headers],
  ] as const) {
    if (!schema) continue;
    const json = toJsonSchema(schema, 'input');
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required as string[] | undefined) ?? []);
    const examples = parameterExamples(json, schema);
    for (const [name, prop] of Object.entries(properties)) {
      const { description, ...rest } = prop;
      const example = examples[name];
      params.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        ...(description ? { description } : {}),
        schema: rest,
        ...(example !== undefined ? { example } : {}),
      });
    }
  }
  if (op.idempotent) {
    params.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'replays the first answer for 24 h; the same key with another body answers 422',
      schema: { type: 'string', maxLength: 255 },
      example: exampleOf({ type: 'string' }, 'Idempotency-Key'),
    });
  }
  return params;
}

function successContent(op: Operation): Record<string, unknown> {
  const kind = op.response ?? 'envelope';
  if (kind === 'html') return { 'text/html': { schema: { type: 'string' } } };
  // A WebSocket upgrade has no body; the operation's description names the protocol.
  if (kind === 'websocket') return {};
  if (kind === 'stream') {
    return {
      [op.produces ?? 'application/octet-stream']: { schema: { type: 'string', description: op.output.description } },
    };
  }
  const data = toJsonSchema(op.output, 'output');
  const schema = kind === 'envelope' ? { type: 'object', required: ['data'], properties: { data } } : data;
  const example = exampleOf(schema, undefined, 'all');
  return { 'application/json': { schema, ...(example !== undefined ? { example } : {}) } };
}

/** An upload's body: a multipart form with the file in one field, or the raw file in any accepted media type. */
function uploadRequestBody(upload: UploadInput): JsonSchema {
  const raw = Object.fromEntries(
    upload.accept.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
  );
  return {
    required: true,
    description: upload.description,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: [upload.field],
          properties: {
            [upload.field]: {
              type: 'string',
              contentMediaType: 'application/octet-stream',
              description: `the file; its part's Content-Type is one of: ${upload.accept.join(', ')}`,
            },
          },
        },
        encoding: { [upload.field]: { contentType: upload.accept.join(', ') } },
      },
      ...raw,
    },
  };
}

/**
 * An example of a request part the operation's own schema takes, sent as it is: the required fields and the
 * optional ones with a demo value; else the required ones and one optional field (an update that needs at least
 * one, a choice of `date` or `from` and `to`); else the required ones alone. Undefined when none passes: no
 * example beats one that answers 400.
 */
function requestExample(json: JsonSchema, schema: z.ZodType): Record<string, unknown> | undefined {
  const takes = (value: unknown) => value !== undefined && schema.safeParse(value).success;
  const named = exampleOf(json, undefined, 'named');
  if (takes(named)) return named as Record<string, unknown>;
  const required = exampleOf(json, undefined, 'required') as Record<string, unknown> | undefined;
  const full = exampleOf(json, undefined, 'all') as Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(full ?? {})) {
    const example = { ...required, [key]: value };
    if (takes(example)) return example;
  }
  return takes(required) ? required : undefined;
}

/**
 * The examples of one place's parameters (path, query, headers), by name: every parameter's when the operation
 * takes them together, else a set it takes (`from` and `to` without `date`): the reference sends them together.
 */
function parameterExamples(json: JsonSchema, schema: z.ZodType): Record<string, unknown> {
  const all = exampleOf(json, undefined, 'all');
  if (all !== undefined && schema.safeParse(all).success) return all as Record<string, unknown>;
  return requestExample(json, schema) ?? {};
}

/** A JSON request body's media type: its schema and an example a caller may send as it is. */
function jsonBodyContent(json: JsonSchema, schema: z.ZodType): Record<string, unknown> {
  const example = requestExample(json, schema);
  return { schema: json, ...(example !== undefined ? { example } : {}) };
}

function operationObject(op: Operation): JsonSchema {
  const responses: Record<string, unknown> = {
    [String(op.successStatus ?? 200)]: {
      description: 'success',
      headers: op.access === 'public' ? requestIdHeader : { ...requestIdHeader, ...rateLimitHeaders },
      content: successContent(op),
    },
    '400': errorResponse(op, 'validation_error: the input breaks a rule; nothing was written'),
  };
  if (op.access !== 'public') {
    responses['401'] = errorResponse(op, 'unauthorized: credential missing, invalid, revoked or expired');
    responses['403'] = errorResponse(op, "forbidden: the credential lacks the scope, or the user's role lacks access");
    responses['429'] = errorResponse(op, 'rate_limited: over the per-token request rate; see Retry-After', {
      ...requestIdHeader,
      ...rateLimitHeaders,
      'Retry-After': { description: 'seconds to wait before retrying', schema: { type: 'integer' } },
    });
  }
  if (op.name === 'get_readiness') responses['503'] = errorResponse(op, 'unavailable: a dependency is down');
  if (op.input.upload) {
    responses['413'] = errorResponse(op, 'payload_too_large: the file is over the size limit; nothing was stored');
  }
  for (const [status, description] of Object.entries(op.otherResponses ?? {})) {
    responses[status] =
      status === '206' || status === '304'
        ? { description, headers: requestIdHeader, ...(status === '206' ? { content: successContent(op) } : {}) }
        : errorResponse(op, description);
  }
  const result: JsonSchema = {
    operationId: op.name,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    parameters: parametersOf(op),
    responses,
    security: op.access === 'public' ? [] : [{ bearerAuth: [] }],
    'x-svc-hr-access': op.access,
    ...(op.mcp ? { 'x-svc-hr-mcp-tool': op.mcp.tool } : {}),
  };
  if (op.input.body) {
    result.requestBody = {
      required: true,
      content: { 'application/json': jsonBodyContent(toJsonSchema(op.input.body, 'input'), op.input.body) },
    };
  }
  if (op.input.upload) result.requestBody = uploadRequestBody(op.input.upload);
  return result;
}

/** The parts of a registry's document that depend on its operations alone, kept per registry. */
const builtParts = new WeakMap<readonly Operation[], ReturnType<typeof buildParts>>();

function buildParts(operations: readonly Operation[]) {
  const components = openApiComponents();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const item = (paths[op.path] ??= {});
    item[op.method.toLowerCase()] = components.referTo(operationObject(op));
  }
  return { paths, schemas: components.schemas, tags: openApiTags(operations) };
}

/**
 * Builds the OpenAPI 3.1 document of the registry. Pure: the same operations give the same document. Its paths
 * and schemas are built once per registry (a second of CPU for 190 operations) and shared, never mutated.
 */
export function buildOpenApiDocument(
  operations: readonly Operation[],
  opts: { serverUrl: string; version: string },
): Record<string, unknown> {
  let parts = builtParts.get(operations);
  if (!parts) builtParts.set(operations, (parts = buildParts(operations)));
  const { paths, schemas, tags } = parts;
  const scopeList = Object.entries(scopeDescriptions)
    .map(([scope, grants]) => `- \`${scope}\`: ${grants}`)
    .join('\n');
  return {
    openapi: '3.1.0',
    info: {
      title: 'svc-hr',
      version: opts.version,
      description:
        'HR platform API: identity, leave, reports and an AI agent with human approval gates.\n\n' +
        'Every request acts as a named user: send `Authorization: Bearer <token>`. Scopes only narrow what the ' +
        `user's role allows:\n\n${scopeList}\n\nSuccesses answer \`{ data }\`, failures \`{ error: { code, message } }\` ` +
        `(codes: ${errorCodes.map((c) => `${c} ${statusOf(c)}`).join(', ')}). The company API (\`/api/<area>\`) ` +
        'answers its failures as `{ error, reason }` (the `CompanyError` schema).',
      license: { name: 'Proprietary (all rights reserved)', identifier: 'LicenseRef-svc-hr-proprietary' },
    },
    servers: [{ url: opts.serverUrl }],
    tags,
    paths,
    components: {
      schemas: { Error: ErrorEnvelope, ErrorDetails, CompanyError, ...schemas },
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'a personal access token, delegated credential or API key',
        },
      },
    },
  };
}

import { errorCodes, statusOf } from '../engines/appError';
import type { Operation, UploadInput } from '../operations/defineOperation';
import { toJsonSchema, type JsonSchema } from '../operations/jsonSchema';
import { scopeDescriptions } from '../engines/access/scopes';

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
        details: { type: 'object', description: 'structured details when they help, e.g. the invalid fields' },
      },
    },
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

function errorResponse(description: string, headers: Record<string, unknown> = requestIdHeader) {
  return {
    description,
    headers,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
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
    for (const [name, prop] of Object.entries(properties)) {
      const { description, ...rest } = prop;
      params.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        ...(description ? { description } : {}),
        schema: rest,
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
  return { 'application/json': { schema } };
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

function operationObject(op: Operation): JsonSchema {
  const responses: Record<string, unknown> = {
    [String(op.successStatus ?? 200)]: {
      description: 'success',
      headers: requestIdHeader,
      content: successContent(op),
    },
    '400': errorResponse('validation_error: the input breaks a rule; nothing was written'),
  };
  if (op.access !== 'public') {
    responses['401'] = errorResponse('unauthorized: credential missing, invalid, revoked or expired');
    responses['403'] = errorResponse("forbidden: the credential lacks the scope, or the user's role lacks access");
    responses['429'] = errorResponse('rate_limited: over the per-token request rate; see Retry-After', {
      ...requestIdHeader,
      ...rateLimitHeaders,
      'Retry-After': { description: 'seconds to wait before retrying', schema: { type: 'integer' } },
    });
  }
  if (op.name === 'get_readiness') responses['503'] = errorResponse('unavailable: a dependency is down');
  if (op.input.upload) {
    responses['413'] = errorResponse('payload_too_large: the file is over the size limit; nothing was stored');
  }
  for (const [status, description] of Object.entries(op.otherResponses ?? {})) {
    responses[status] =
      status === '206' || status === '304'
        ? { description, headers: requestIdHeader, ...(status === '206' ? { content: successContent(op) } : {}) }
        : errorResponse(description);
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
      content: { 'application/json': { schema: toJsonSchema(op.input.body, 'input') } },
    };
  }
  if (op.input.upload) result.requestBody = uploadRequestBody(op.input.upload);
  return result;
}

/** Builds the OpenAPI 3.1 document of the registry. Pure: the same operations give the same document. */
export function buildOpenApiDocument(
  operations: readonly Operation[],
  opts: { serverUrl: string; version: string },
): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const item = (paths[op.path] ??= {});
    item[op.method.toLowerCase()] = operationObject(op);
  }
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
        `(codes: ${errorCodes.map((c) => `${c} ${statusOf(c)}`).join(', ')}).`,
    },
    servers: [{ url: opts.serverUrl }],
    paths,
    components: {
      schemas: { Error: ErrorEnvelope },
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

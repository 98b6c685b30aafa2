import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../engines/appError';
import { asAppError } from '../engines/databaseErrors';
import type { Operation } from '../operations/defineOperation';
import type { RouteConfig } from './routes';

/**
 * A failure of the MCP endpoint before the MCP server saw the message: malformed JSON is a JSON-RPC parse
 * error (-32700); anything else a server error carrying our error code.
 */
export function jsonRpcErrorBody(err: AppError): object {
  const parse = err.code === 'validation_error';
  return {
    jsonrpc: '2.0',
    id: null,
    error: {
      code: parse ? -32700 : -32000,
      message: parse ? `Parse error: ${err.message}` : err.message,
      data: { code: err.code },
    },
  };
}

/**
 * Company API paths (company-api.md): `/api/<area>/...`, everything under /api but the agent API (/api/v1) and the
 * MCP endpoint (/api/mcp). Their errors answer `{ error, reason }`, unknown paths and methods included.
 */
export function isCompanyPath(path: string): boolean {
  return /^\/api\/(?!v1(?:[/?]|$)|mcp(?:[/?]|$))[^/?]/.test(path);
}

/** How a request's errors are written: its route's style, or for a path no route holds, the path's. */
export function errorStyleOf(request: FastifyRequest): 'contract' | 'company' | 'jsonrpc' {
  const style = (request.routeOptions.config as Partial<RouteConfig> | undefined)?.errorStyle;
  return style ?? (isCompanyPath(request.url) ? 'company' : 'contract');
}

/** The error body of `err` in the style of `request` (api/rateLimit.ts renders its refusals with it too). */
export function errorBodyOf(request: FastifyRequest, err: AppError): object {
  const style = errorStyleOf(request);
  if (style === 'jsonrpc') return jsonRpcErrorBody(err);
  if (style === 'company') return companyErrorBody(err);
  return err.toBody();
}

/** The company API's error shape (interface.md, Errors item 3): `{ error, reason }`. */
export function companyErrorBody(err: AppError): { error: string; reason: string } {
  return { error: err.code === 'validation_error' ? 'bad_request' : err.code, reason: err.message };
}

/** Fastify's own request errors (raised before a handler runs) mapped to the contract's codes. */
function fromFastifyError(err: FastifyError): AppError | undefined {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', 'The request body is larger than the limit');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('validation_error', 'Content-Type: unsupported; send application/json', {
        field: 'Content-Type',
      });
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('validation_error', 'body: a JSON body is required when Content-Type is application/json');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('validation_error', `body: malformed JSON (${err.message})`);
  }
  if (err.statusCode === 400) return new AppError('validation_error', err.message);
  if (err.statusCode === 413) return new AppError('payload_too_large', err.message);
  return undefined;
}

/** Fastify's default longest path parameter; every id we take is far shorter. */
export const MAX_PARAM_LENGTH = 100;

/**
 * Requests Fastify's router refuses before any hook runs (a malformed percent-encoding, a path parameter over
 * MAX_PARAM_LENGTH): answered in the path's error shape (the contract's envelope, or `{ error, reason }` on a company
 * path) with an X-Request-Id like every other answer, not Fastify's own body. Passed to Fastify as its
 * `frameworkErrors` option.
 */
export function answerFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const appError =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new AppError('validation_error', `path: a path parameter is longer than ${MAX_PARAM_LENGTH} characters`)
      : err.code === 'FST_ERR_BAD_URL'
        ? new AppError('validation_error', 'path: not a valid URL (a malformed %-encoding)')
        : new AppError('validation_error', `path: ${err.message}`);
  void reply.header('X-Request-Id', request.id).code(appError.status).send(errorBodyOf(request, appError));
}

function pathPattern(path: string): RegExp {
  const literal = path.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${literal.join('[^/]+')}/?$`);
}

/**
 * Renders every failure in the contract's envelope `{ error: { code, message, details? } }`. Unknown
 * errors are logged with the request id and answered as `internal_error` without their message, which may
 * hold internals. Unknown routes answer 404, and a known path with another method 405 with `Allow`; on a company
 * path (isCompanyPath) these and every other error answer the company shape `{ error, reason }`.
 */
export function registerErrorHandling(app: FastifyInstance, operations: readonly Operation[]): void {
  const routes = operations.map((op) => ({ pattern: pathPattern(op.path), method: op.method }));

  app.setErrorHandler((err: FastifyError, request, reply) => {
    let appError = asAppError(err) ?? fromFastifyError(err);
    if (!appError) {
      request.log.error({ err }, 'unhandled error');
      appError = new AppError('internal_error', 'Internal error; quote the X-Request-Id when reporting it');
    } else if (appError.status >= 500) {
      request.log.warn({ code: appError.code }, appError.message);
    }
    // A busy database: the client may retry, and is told when.
    if (appError.code === 'unavailable' && typeof appError.details?.retryAfterSeconds === 'number') {
      reply.header('Retry-After', appError.details.retryAfterSeconds);
    }
    // RFC 9110 15.5.17: a 416 says how large the file is.
    if (appError.code === 'range_not_satisfiable' && typeof appError.details?.size === 'number') {
      reply.header('Content-Range', `bytes */${appError.details.size}`);
    }
    return reply.code(appError.status).send(errorBodyOf(request, appError));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const allowed = routes.filter((r) => r.pattern.test(path)).map((r) => r.method);
    if (allowed.length > 0) {
      const err = new AppError('method_not_allowed', `${request.method} is not allowed on ${path}`);
      return reply
        .code(err.status)
        .header('Allow', [...new Set(allowed)].join(', '))
        .send(errorBodyOf(request, err));
    }
    const err = new AppError('not_found', `No route ${request.method} ${path}`);
    return reply.code(err.status).send(errorBodyOf(request, err));
  });
}

import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate } from '../engines/tokens/authenticate';
import type { AppDeps } from '../operations/context';
import type { Operation, StreamAnswer } from '../operations/defineOperation';
import { invoke } from '../operations/invoke';
import { presentedSecret } from './auth';
import type { RateLimitStyle } from './rateLimit';
import { restCallOf } from './restCall';
import { attachmentDisposition } from './contentDisposition';
import { registerSocketOperation } from './socketRoutes';
import { receiveUpload, registerUploadParsers } from './upload';

/** `/api/v1/runs/{id}` (OpenAPI) to `/api/v1/runs/:id` (Fastify). */
export function toFastifyPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

/** What api/errors.ts needs to know about the route that failed. */
export interface RouteConfig {
  operation: string;
  /** `jsonrpc`: the MCP endpoint, whose failures before the MCP server (bad JSON, rate limit) are JSON-RPC. */
  errorStyle: 'contract' | 'company' | 'jsonrpc';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    operation?: string;
    errorStyle?: 'contract' | 'company' | 'jsonrpc';
    /** How the route spends the rate limit (api/rateLimit.ts); one request on arrival unless it says otherwise. */
    rateLimitStyle?: RateLimitStyle;
  }
}

/** Writes a handler's value as the operation says: `{ data }`, a JSON document, HTML, or a stream. */
function send(op: Operation, reply: FastifyReply, value: unknown) {
  reply.code(op.successStatus ?? 200);
  switch (op.response ?? 'envelope') {
    case 'html':
      return reply.type('text/html; charset=utf-8').send(value);
    case 'json':
      return reply.type('application/json; charset=utf-8').send(value);
    case 'envelope':
      return reply.type('application/json; charset=utf-8').send({ data: value });
    case 'stream': {
      const answer = value as StreamAnswer;
      if (answer.status) reply.code(answer.status);
      if (answer.filename) reply.header('Content-Disposition', attachmentDisposition(answer.filename));
      for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
      reply.type(answer.contentType);
      if (!answer.body) return reply.send();
      // A stream is piped as it is (a file's chunks, no object-mode re-wrap); another iterable is wrapped once.
      return reply.send(answer.body instanceof Readable ? answer.body : Readable.from(answer.body));
    }
  }
}

/**
 * Derives one Fastify route per registry operation: it authenticates the request and hands it to invoke
 * (operations/invoke.ts), the pipeline every surface shares; rate limiting runs before it (api/rateLimit.ts).
 * Failures are thrown and rendered by api/errors.ts.
 */
export function registerOperations(
  app: FastifyInstance,
  operations: readonly Operation[],
  deps: AppDeps,
  openapi: Record<string, unknown>,
): void {
  const uploads = operations.filter((op) => op.input.upload);
  if (uploads.length > 0) {
    // Upload routes take file bodies: their own scope, so every other route keeps its JSON-only parsing.
    app.register(async (scope) => {
      await registerUploadParsers(scope);
      for (const op of uploads) registerOperation(scope, op, deps, openapi);
    });
  }
  for (const op of operations) if (!op.input.upload) registerOperation(app, op, deps, openapi);
}

function registerOperation(app: FastifyInstance, op: Operation, deps: AppDeps, openapi: Record<string, unknown>): void {
  if (op.response === 'websocket') return registerSocketOperation(app, op, deps, openapi);
  const config: RouteConfig = { operation: op.name, errorStyle: op.errorStyle ?? 'contract' };
  const upload = op.input.upload;
  app.route({
    method: op.method,
    url: toFastifyPath(op.path),
    config,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const actor = op.access === 'public' ? undefined : await authenticate(deps.prisma, presentedSecret(request));
      const outcome = await invoke({ deps, openapi }, op, actor, {
        ...restCallOf(request),
        ...(upload ? { receiveUpload: () => receiveUpload(request, upload, deps.config) } : {}),
      });
      if (outcome.auditId) reply.header('X-Audit-Id', outcome.auditId);
      if (!outcome.ok) throw outcome.error;
      if (outcome.replayed) reply.header('Idempotent-Replayed', 'true');
      return send(op, reply, outcome.value);
    },
  });
}

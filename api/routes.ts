import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../engines/access/actor';
import { requireAccess } from '../engines/access/requireAccess';
import { AppError } from '../engines/appError';
import { authenticate } from '../engines/tokens/authenticate';
import { presentedSecret } from './auth';
import { recordCall, runIdOfCall } from '../operations/auditTrail';
import { contextOfRequest, type AppDeps } from '../operations/context';
import { attachmentDisposition } from './contentDisposition';
import { withIdempotency } from '../operations/idempotency';
import type { Operation, StreamAnswer } from '../operations/defineOperation';
import { registerSocketOperation } from './socketRoutes';
import { receiveUpload, registerUploadParsers, type StagedUpload } from './upload';
import { parseOperationInput } from '../operations/validation';

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
  }
}

/**
 * `x-tenant-id`, when sent, must name the credential's own workspace: a credential never acts in another one,
 * and a client that meant another workspace learns it at once instead of reading the wrong data.
 */
function assertTenantHeader(request: FastifyRequest, actor: Actor): void {
  const header = request.headers['x-tenant-id'];
  if (header !== undefined && header !== actor.tenant.id) {
    throw new AppError('forbidden', "x-tenant-id does not name this credential's workspace");
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
      return reply.type('application/json; charset=utf-8').send({ data: op.output.parse(value) });
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
 * Derives one Fastify route per registry operation. Every route runs the same pipeline (rate limiting runs
 * before it, for every request: api/rateLimit.ts):
 *   authenticate → scope and credential kind → idempotency → validate → handler → answer, audited.
 * Failures are thrown as AppError and rendered by api/errors.ts.
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
  app.route({
    method: op.method,
    url: toFastifyPath(op.path),
    config,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (op.access === 'public') {
        return send(
          op,
          reply,
          await op.handler(contextOfRequest(deps, openapi, request), parseOperationInput(op, request)),
        );
      }
      const actor = await authenticate(deps.prisma, presentedSecret(request));
      assertTenantHeader(request, actor);
      const audited = op.audit ?? op.method !== 'GET';
      const run = async () => {
        requireAccess(actor, op.access as Exclude<typeof op.access, 'public'>, op.credentials);
        let upload: StagedUpload | undefined;
        if (op.input.upload) {
          upload = await receiveUpload(request, op.input.upload, deps.config);
          // What identifies the upload, for the idempotency fingerprint and the audit record: never the bytes.
          request.body = { filename: upload.filename, contentType: upload.contentType, sha256: upload.sha256 };
        }
        try {
          const input = upload
            ? parseOperationInput(op, {
                params: request.params,
                query: request.query,
                headers: request.headers,
                upload,
              })
            : parseOperationInput(op, request);
          const execute = () => op.handler(contextOfRequest(deps, openapi, request, actor), input);
          return await (op.idempotent ? withIdempotency(deps, actor, op, request, reply, execute) : execute());
        } finally {
          // A no-op once the handler committed it; otherwise nothing of a failed upload stays behind.
          await upload?.discard();
        }
      };
      if (!audited) return send(op, reply, await run());
      try {
        const value = await run();
        const runId = runIdOfCall(op, request.params, value);
        const auditId = await recordCall(deps, { actor, op, request, surface: 'rest', outcome: 'success', runId });
        reply.header('X-Audit-Id', auditId);
        return send(op, reply, value);
      } catch (err) {
        const code = err instanceof AppError ? err.code : 'internal_error';
        const runId = runIdOfCall(op, request.params);
        const auditId = await recordCall(deps, {
          actor,
          op,
          request,
          surface: 'rest',
          outcome: 'failure',
          code,
          runId,
        });
        reply.header('X-Audit-Id', auditId);
        throw err;
      }
    },
  });
}

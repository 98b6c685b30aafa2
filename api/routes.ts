import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../engines/access/actor';
import { requireAccess } from '../engines/access/requireAccess';
import { AppError } from '../engines/appError';
import { authenticate } from '../engines/tokens/authenticate';
import { presentedSecret } from './auth';
import { recordCall } from './auditTrail';
import { createOperationContext, type AppDeps } from './context';
import { withIdempotency } from './idempotency';
import type { Operation, StreamAnswer } from './registry/defineOperation';
import { parseOperationInput } from './validation';

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
      if (answer.filename) reply.header('Content-Disposition', `attachment; filename="${answer.filename}"`);
      for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
      return reply.type(answer.contentType).send(Readable.from(answer.body));
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
  for (const op of operations) {
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
            await op.handler(
              createOperationContext({ deps, openapi, requestId: request.id, log: request.log }),
              parseOperationInput(op, request),
            ),
          );
        }
        const actor = await authenticate(deps.prisma, presentedSecret(request));
        assertTenantHeader(request, actor);
        const audited = op.audit ?? op.method !== 'GET';
        const run = async () => {
          requireAccess(actor, op.access as Exclude<typeof op.access, 'public'>, op.credentials);
          const input = parseOperationInput(op, request);
          const execute = () =>
            op.handler(
              createOperationContext({ deps, openapi, requestId: request.id, log: request.log, actor }),
              input,
            );
          return op.idempotent ? withIdempotency(deps.prisma, actor, op, request, reply, execute) : execute();
        };
        if (!audited) return send(op, reply, await run());
        try {
          const value = await run();
          const auditId = await recordCall(deps, { actor, op, request, surface: 'rest', outcome: 'success' });
          reply.header('X-Audit-Id', auditId);
          return send(op, reply, value);
        } catch (err) {
          const code = err instanceof AppError ? err.code : 'internal_error';
          const auditId = await recordCall(deps, { actor, op, request, surface: 'rest', outcome: 'failure', code });
          reply.header('X-Audit-Id', auditId);
          throw err;
        }
      },
    });
  }
}

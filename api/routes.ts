import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps, OperationContext } from './context';
import type { Operation } from './registry/defineOperation';
import { parseInput } from './validation';

/** `/api/v1/runs/{id}` (OpenAPI) to `/api/v1/runs/:id` (Fastify). */
export function toFastifyPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

/**
 * Derives one Fastify route per registry operation. The pipeline of every route is the same:
 * validate params, query and body with the operation's zod schemas, run the handler, write the answer
 * (`{ data }` for contract operations). Errors are thrown as AppError and rendered by api/errors.ts.
 */
export function registerOperations(
  app: FastifyInstance,
  operations: readonly Operation[],
  deps: AppDeps,
  openapi: Record<string, unknown>,
): void {
  for (const op of operations) {
    app.route({
      method: op.method,
      url: toFastifyPath(op.path),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const input = {
          params: op.input.params ? parseInput(op.input.params, request.params, 'params') : undefined,
          query: op.input.query ? parseInput(op.input.query, request.query, 'query') : undefined,
          body: op.input.body ? parseInput(op.input.body, request.body ?? {}, 'body') : undefined,
        };
        const ctx: OperationContext = { deps, openapi, requestId: request.id, log: request.log };
        const value = await op.handler(ctx, input);
        reply.code(op.successStatus ?? 200);
        switch (op.response ?? 'envelope') {
          case 'html':
            return reply.type('text/html; charset=utf-8').send(value);
          case 'json':
            return reply.type('application/json; charset=utf-8').send(value);
          case 'envelope':
            return reply.type('application/json; charset=utf-8').send({ data: op.output.parse(value) });
        }
      },
    });
  }
}

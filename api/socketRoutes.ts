import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '../engines/appError';
import type { AppDeps } from '../operations/context';
import type { Operation, SocketAnswer } from '../operations/defineOperation';
import { invoke } from '../operations/invoke';
import { restCallOf } from './restCall';

/**
 * The route of a `websocket` registry operation (@fastify/websocket, registered in api/app.ts). The upgrade
 * request runs the whole Fastify pipeline (request id, rate limit); the operation's handler runs in preHandler,
 * before the upgrade, so a refused request gets an ordinary error answer and the socket is never opened. Only
 * then is the socket handed to the handler's `accept`. Such an operation is `public` to the registry pipeline:
 * its credential (a connector pairing token) is not a person's, and its handler checks it.
 */
export function registerSocketOperation(
  app: FastifyInstance,
  op: Operation,
  deps: AppDeps,
  openapi: Record<string, unknown>,
): void {
  if (op.method !== 'GET' || op.access !== 'public') {
    throw new Error(`${op.name}: a websocket operation is a public GET whose handler authenticates the request`);
  }
  const answers = new WeakMap<FastifyRequest, SocketAnswer>();
  // The same route config as api/routes.ts gives every operation (errors.ts reads it).
  const config = { operation: op.name, errorStyle: op.errorStyle ?? 'contract' };
  app.route({
    method: 'GET',
    url: op.path.replace(/\{([^}]+)\}/g, ':$1'),
    config,
    preHandler: async (request) => {
      if (!request.ws) {
        throw new AppError('validation_error', 'This endpoint only takes a WebSocket upgrade (Upgrade: websocket)');
      }
      // Through invoke like every call (validation and the handler; a public operation has no actor to check).
      const outcome = await invoke({ deps, openapi }, op, undefined, restCallOf(request));
      if (!outcome.ok) throw outcome.error;
      answers.set(request, outcome.value as SocketAnswer);
    },
    // Unreachable: preHandler refuses every request that is not an upgrade.
    handler: async () => {
      throw new AppError('validation_error', 'This endpoint only takes a WebSocket upgrade (Upgrade: websocket)');
    },
    wsHandler: (socket: WebSocket, request: FastifyRequest) => {
      const answer = answers.get(request);
      if (!answer) return socket.close(1011, 'not accepted');
      answers.delete(request);
      answer.accept(socket);
    },
  });
}

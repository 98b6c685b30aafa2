import type { FastifyRequest } from 'fastify';
import type { Call } from '../operations/invoke';

/** What invoke needs of an HTTP request: who asked, from where, and the input as it arrived (REST and socket routes). */
export function restCallOf(request: FastifyRequest): Call {
  return {
    surface: 'rest',
    requestId: request.id,
    log: request.log,
    clientAddress: request.ip,
    origin: `${request.protocol}://${request.host}`,
    request: { params: request.params, query: request.query, body: request.body, headers: request.headers },
    tenantId: request.headers['x-tenant-id'],
    idempotencyKey: request.headers['idempotency-key'],
  };
}

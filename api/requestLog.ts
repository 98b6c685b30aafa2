import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One structured line per request (DESIGN.md section 6) instead of Fastify's two: method, path without the
 * query (which may carry filters worth keeping out of logs), status and duration, under the request's `reqId`.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: request.url.split('?')[0],
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else reply.log.info(line, 'request');
  }
}

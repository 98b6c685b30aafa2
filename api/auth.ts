import type { FastifyRequest } from 'fastify';

/**
 * The credential a request presents: `Authorization: Bearer <secret>` (the scheme is case-insensitive), or a
 * bare secret, which company API clients send. Undefined when there is none.
 */
export function presentedSecret(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const trimmed = header.trim();
  const match = /^bearer\s+(\S+)$/i.exec(trimmed);
  if (match) return match[1];
  return /^\S+$/.test(trimmed) ? trimmed : undefined;
}

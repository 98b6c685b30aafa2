import type { IncomingMessage } from 'node:http';
import { uuidv7 } from '../db/uuidv7';

const acceptable = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The request's correlation id: a caller's `X-Request-Id` when it is a sane token (so ids can be followed
 * across systems), else a new UUIDv7 (time-ordered, so logs sort by it).
 */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  if (typeof incoming === 'string' && acceptable.test(incoming)) return incoming;
  return uuidv7();
}

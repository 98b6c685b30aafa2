import { Prisma } from '../db/models';
import { AppError } from './appError';

/**
 * Prisma errors a caller can act on, as the AppError every surface renders (REST, MCP, the agent's tools): a
 * unique conflict is a 409, a database too busy to start a transaction or give a connection a 503 to retry. Any
 * other database error stays unknown (an internal error, logged), because its text may hold internals.
 */

/** Seconds a client is asked to wait after `unavailable`: long enough for a burst to drain. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

// P1001 unreachable, P1002/P1008 timed out, P1017 connection closed, P2024 no pooled connection in time,
// P2028 a transaction could not start (or expired) in the given time, P2034 a write conflict or deadlock.
const busyCodes = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028', 'P2034']);

/**
 * A connection that died under the statement (the server restarted or terminated it, the network dropped it), or
 * the pg pool's own wait running out: whether the statement ran is unknown, so it is not retried here; the client
 * is told to retry, and the pool has dropped the dead connection by then.
 */
const connectionLost =
  /Server has closed the connection|Connection terminated|timeout exceeded when trying to connect|ECONNRESET|ECONNREFUSED|terminating connection due to administrator command/i;

/** The unique fields Prisma names in a P2002: `meta.target`, or the driver adapter's constraint fields. */
function conflictFields(error: Prisma.PrismaClientKnownRequestError): string[] {
  const meta = (error.meta ?? {}) as {
    target?: unknown;
    driverAdapterError?: { cause?: { constraint?: { fields?: unknown } } };
  };
  const fields = Array.isArray(meta.target) ? meta.target : meta.driverAdapterError?.cause?.constraint?.fields;
  return Array.isArray(fields) ? fields.filter((f): f is string => typeof f === 'string') : [];
}

function busy(): AppError {
  return new AppError('unavailable', 'The database is busy; retry in a moment', {
    retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
  });
}

/** Raised by the mark of operations/idempotentWrites.ts in a request that lost its key. */
const idempotencyClaimLost = /svc-hr: idempotency claim lost/;

/**
 * A request whose Idempotency-Key a retry took over (its lease ran out): none of its writes were kept (the mark
 * failed them) and its answer is not stored; the retry's is. Also thrown by operations/idempotency.ts.
 */
export function idempotencySuperseded(): AppError {
  return new AppError(
    'conflict',
    'This request ran past its Idempotency-Key lease and a retry with the key took it over; nothing of this one ' +
      'was kept: retry to read its answer',
    { idempotency: 'superseded' },
  );
}

/** The AppError `error` means to a caller, or undefined when it is not a database error with a meaning. */
export function appErrorOfDatabase(error: unknown): AppError | undefined {
  if (error instanceof Error && idempotencyClaimLost.test(error.message)) return idempotencySuperseded();
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === 'P2002') {
      const fields = conflictFields(error).filter((f) => f !== 'tenant_id' && f !== 'tenantId');
      return new AppError(
        'conflict',
        fields.length > 0
          ? `${fields.join(', ')}: one with this value already exists`
          : 'It already exists (a unique value is taken)',
        fields.length > 0 ? { fields } : undefined,
      );
    }
    if (busyCodes.has(error.code) || connectionLost.test(error.message)) return busy();
    return undefined;
  }
  if (error instanceof Prisma.PrismaClientInitializationError) return busy();
  if (error instanceof Error && connectionLost.test(error.message)) return busy();
  return undefined;
}

/** `error` as an AppError when it is one or a database error with a meaning; else undefined. */
export function asAppError(error: unknown): AppError | undefined {
  return error instanceof AppError ? error : appErrorOfDatabase(error);
}

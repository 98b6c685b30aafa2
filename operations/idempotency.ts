import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { Prisma } from '../db/models';
import type { PrismaClient } from '../db/prismaClient';
import { uuidv7 } from '../db/uuidv7';
import type { Actor } from '../engines/access/actor';
import { AppError } from '../engines/appError';
import { idempotencySuperseded } from '../engines/databaseErrors';
import type { CallRequest } from './auditTrail';
import type { AppDeps } from './context';
import type { Operation } from './defineOperation';
import { markingClient } from './idempotentWrites';
import { withholdSecret } from './secretShownOnce';

/** How long a first answer is replayed (DESIGN.md section 5). */
export const idempotencyWindowMs = 24 * 60 * 60 * 1000;
/** How long a second request waits for the first one with the same key to finish before answering 409. */
const waitForFirstMs = 10_000;

const keyPattern = /^[\x21-\x7e]{1,255}$/;

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What makes two requests "the same": operation, path parameters, query and body. */
export function requestFingerprint(op: string, request: CallRequest): string {
  const canonical = stableJson({ op, params: request.params, query: request.query, body: request.body ?? null });
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * The stored form of a first answer, which replays answer as it is. One that shows a secret (`revealsSecret`) is
 * kept without it, with a note saying why: a secret is displayed exactly once, and a copy kept for replays, even
 * sealed, would be one more place it could leak from.
 */
function storedAnswer(op: Operation, value: unknown): Prisma.InputJsonValue {
  return (op.revealsSecret ? withholdSecret(value, op.revealsSecret) : (value ?? null)) as Prisma.InputJsonValue;
}

function replayedAnswer(op: Operation, stored: unknown): unknown {
  // Earlier versions kept such answers whole, sealed (for 24 h): replaying one would show the secret again. The
  // caller learns the first request succeeded and where to look, and nothing runs twice.
  if (op.revealsSecret && typeof (stored as { sealed?: unknown } | null)?.sealed === 'string') {
    throw new AppError(
      'conflict',
      'The first answer to this Idempotency-Key showed a secret, which is not shown again; ' +
        'list the resources to find what it created',
    );
  }
  return stored;
}

/** How long a request holds its key without renewing it: the key of a process that died is free again after this. */
export const idempotencyLeaseMs = 15_000;
const renewEveryMs = 5_000;
/** A handler still running after this stops renewing its key: a hung request does not hold it for 24 h. */
const renewForAtMostMs = 10 * 60_000;
// Leases are set and compared on the database's clock, which every API process shares.
const leaseSeconds = idempotencyLeaseMs / 1000;

type Where = { tenantId: string; credentialId: string; key: string };
type Mine = { id: string; claim: string };

/** Said to the retries of a request that changed something but whose answer is not stored: it never runs again. */
function incomplete(): AppError {
  return new AppError(
    'conflict',
    'The first request with this Idempotency-Key made its changes, but its answer was lost (its process stopped, ' +
      'or it failed after committing); it is not run again: look up what it made',
    { idempotency: 'incomplete' },
  );
}

/**
 * Runs a mutation at most once per (tenant, credential, Idempotency-Key): the first successful answer is stored for
 * 24 h and replayed (`replayed`: REST answers `Idempotent-Replayed: true`, MCP says so in `_meta`); the same key with
 * a different request answers 422 `idempotency_key_reused`; a concurrent duplicate waits for the first to finish. A
 * first request that fails before changing anything releases the key, so the client's retry runs again. Without a
 * key the call just runs. An answer that shows a secret is replayed without it (operations/secretShownOnce.ts).
 *
 * Across a crash: the request holds the key under a lease it renews, and runs on a client that marks the key
 * "changes made" in the same transaction as each of its writes (operations/idempotentWrites.ts). A retry that finds
 * the lease run out runs the request itself when nothing was committed, and otherwise answers 409 `incomplete`
 * (details.idempotency) for good: the changes stay, made once. So does a request that fails after committing.
 */
export async function withIdempotency<T>(
  deps: Pick<AppDeps, 'prisma'>,
  actor: Actor,
  op: Operation,
  key: unknown,
  request: CallRequest,
  execute: (prisma: PrismaClient) => Promise<T>,
): Promise<{ value: T; replayed: boolean }> {
  const { prisma } = deps;
  if (key === undefined) return { value: await execute(prisma), replayed: false };
  if (typeof key !== 'string' || !keyPattern.test(key)) {
    throw new AppError('validation_error', 'Idempotency-Key: 1 to 255 visible ASCII characters');
  }
  const where: Where = { tenantId: actor.tenant.id, credentialId: actor.credential.id, key };
  const requestHash = requestFingerprint(op.name, request);
  const claim = randomUUID();
  const now = new Date();
  await prisma.idempotencyRecord.deleteMany({ where: { ...where, expiresAt: { lte: now } } });
  const claimed = await prisma.$queryRaw<Array<{ id: string }>>`
    INSERT INTO idempotency_records
      (id, tenant_id, credential_id, key, operation, request_hash, state, claim, lease_until, expires_at)
    VALUES (${uuidv7()}::uuid, ${where.tenantId}::uuid, ${where.credentialId}::uuid, ${key}, ${op.name},
      ${requestHash}, 'in_progress', ${claim}::uuid, now() + make_interval(secs => ${leaseSeconds}),
      ${new Date(now.getTime() + idempotencyWindowMs)})
    ON CONFLICT (tenant_id, credential_id, key) DO NOTHING
    RETURNING id`;

  let recordId = claimed[0]?.id;
  if (!recordId) {
    const held = await settleHeldKey(prisma, where, requestHash, claim);
    if (held.kind === 'answered') return { value: replayedAnswer(op, held.body) as T, replayed: true };
    recordId = held.recordId;
  }
  const mine: Mine = { id: recordId, claim };

  const stopRenewing = renewLease(prisma, mine);
  let value: T;
  try {
    value = await execute(markingClient(prisma, { recordId, claim }));
  } catch (err) {
    stopRenewing();
    // When this fails too (the database gone), the lease runs out and a retry settles the key the same way.
    await releaseKey(prisma, mine).catch(() => undefined);
    throw err;
  }
  stopRenewing();
  // From `in_progress`, or from `incomplete` when a retry took this request for dead while it still ran.
  const completed = await prisma.idempotencyRecord.updateMany({
    where: mine,
    data: {
      state: 'completed',
      responseStatus: op.successStatus ?? 200,
      responseBody: storedAnswer(op, value),
      claim: null,
      leaseUntil: null,
    },
  });
  // A retry took the key over: it ran the request (this one changed nothing, or its writes would have failed).
  if (completed.count === 0) throw idempotencySuperseded();
  return { value, replayed: false };
}

/**
 * Renews the request's lease every few seconds while it runs, one renewal at a time (one waiting on a busy
 * database is not joined by more), for at most `renewForAtMostMs`. Answers how to stop.
 */
function renewLease(prisma: PrismaClient, mine: Mine): () => void {
  const until = Date.now() + renewForAtMostMs;
  let renewing = false;
  const timer = setInterval(() => {
    if (Date.now() > until) return clearInterval(timer);
    if (renewing) return;
    renewing = true;
    prisma.$executeRaw`
      UPDATE idempotency_records SET lease_until = now() + make_interval(secs => ${leaseSeconds})
      WHERE id = ${mine.id}::uuid AND claim = ${mine.claim}::uuid AND state = 'in_progress'`
      .catch(() => undefined) // a missed renewal only shortens the lease; the next one tries again
      .finally(() => (renewing = false));
  }, renewEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** After a failure: the key is free again when nothing was committed, and `incomplete` for good when something was. */
async function releaseKey(prisma: PrismaClient, mine: { id: string; claim: string }): Promise<void> {
  const released = await prisma.idempotencyRecord.deleteMany({ where: { ...mine, writesCommitted: false } });
  if (released.count === 0) {
    await prisma.idempotencyRecord.updateMany({
      where: mine,
      data: { state: 'incomplete', claim: null, leaseUntil: null },
    });
  }
}

/**
 * A key another request holds or held: its stored answer, or the key itself when that request died before changing
 * anything (its lease ran out). Waits a while for a request still running. A record of a version before leases has
 * none: it counts as leased for one lease from its creation, and then as incomplete (whether it wrote is unknown).
 */
async function settleHeldKey(
  prisma: PrismaClient,
  where: Where,
  requestHash: string,
  claim: string,
): Promise<{ kind: 'answered'; body: unknown } | { kind: 'taken_over'; recordId: string }> {
  const deadline = Date.now() + waitForFirstMs;
  const leaseRanOut = Prisma.sql`coalesce(lease_until, created_at + make_interval(secs => ${leaseSeconds})) <= now()`;
  for (;;) {
    const [existing] = await prisma.$queryRaw<
      Array<{
        id: string;
        requestHash: string;
        state: string;
        responseBody: unknown;
        claim: string | null;
        writesCommitted: boolean;
        leased: boolean;
        leaseRanOut: boolean;
      }>
    >`
      SELECT id, request_hash AS "requestHash", state, response_body AS "responseBody", claim::text,
        writes_committed AS "writesCommitted", lease_until IS NOT NULL AS leased, ${leaseRanOut} AS "leaseRanOut"
      FROM idempotency_records
      WHERE tenant_id = ${where.tenantId}::uuid AND credential_id = ${where.credentialId}::uuid AND key = ${where.key}`;
    if (!existing) {
      throw new AppError('conflict', 'The first request with this Idempotency-Key failed; retry it', {
        idempotency: 'first_failed',
      });
    }
    if (existing.requestHash !== requestHash) {
      throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used with a different request');
    }
    if (existing.state === 'completed') return { kind: 'answered', body: existing.responseBody };
    if (existing.state === 'incomplete') throw incomplete();
    if (existing.leaseRanOut) {
      // Each statement checks again what it acts on: the claim read, still in progress, the lease still run out.
      const held = Prisma.sql`id = ${existing.id}::uuid AND state = 'in_progress'
        AND claim IS NOT DISTINCT FROM ${existing.claim}::uuid AND ${leaseRanOut}`;
      if (existing.leased && !existing.writesCommitted) {
        const taken = await prisma.$executeRaw`
          UPDATE idempotency_records SET claim = ${claim}::uuid, lease_until = now() + make_interval(secs => ${leaseSeconds})
          WHERE ${held} AND lease_until IS NOT NULL AND NOT writes_committed`;
        if (taken === 1) return { kind: 'taken_over', recordId: existing.id };
      } else {
        // The claim stays: a request that was only slow may still finish and store its answer.
        const ended = await prisma.$executeRaw`
          UPDATE idempotency_records SET state = 'incomplete', lease_until = NULL
          WHERE ${held} AND (writes_committed OR lease_until IS NULL)`;
        if (ended === 1) throw incomplete();
      }
      continue; // another retry or a renewal moved first: read the key again
    }
    if (Date.now() > deadline) {
      throw new AppError('conflict', 'A request with this Idempotency-Key is still in progress', {
        idempotency: 'in_progress',
      });
    }
    await delay(50);
  }
}

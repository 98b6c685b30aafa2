import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Prisma } from '../db/models';
import type { Actor } from '../engines/access/actor';
import { AppError } from '../engines/appError';
import type { CallRequest } from './auditTrail';
import type { AppDeps } from './context';
import type { Operation } from './defineOperation';
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

/**
 * Runs a mutation at most once per (tenant, credential, Idempotency-Key): the first successful answer is stored for
 * 24 h and replayed (`replayed`: REST answers `Idempotent-Replayed: true`, MCP says so in `_meta`); the same key with
 * a different request answers 422 `idempotency_key_reused`; a concurrent duplicate waits for the first to finish. A
 * first request that fails releases the key, so the client's retry runs again. Without a key the call just runs. An
 * answer that shows a secret is replayed without it (operations/secretShownOnce.ts).
 */
export async function withIdempotency<T>(
  deps: Pick<AppDeps, 'prisma'>,
  actor: Actor,
  op: Operation,
  key: unknown,
  request: CallRequest,
  execute: () => Promise<T>,
): Promise<{ value: T; replayed: boolean }> {
  if (key === undefined) return { value: await execute(), replayed: false };
  const { prisma } = deps;
  if (typeof key !== 'string' || !keyPattern.test(key)) {
    throw new AppError('validation_error', 'Idempotency-Key: 1 to 255 visible ASCII characters');
  }
  const where = { tenantId: actor.tenant.id, credentialId: actor.credential.id, key };
  const requestHash = requestFingerprint(op.name, request);
  const now = new Date();
  await prisma.idempotencyRecord.deleteMany({ where: { ...where, expiresAt: { lte: now } } });
  const claimed = await prisma.idempotencyRecord.createMany({
    data: [
      {
        ...where,
        operation: op.name,
        requestHash,
        state: 'in_progress',
        expiresAt: new Date(now.getTime() + idempotencyWindowMs),
      },
    ],
    skipDuplicates: true,
  });

  if (claimed.count === 0) {
    return { value: replayedAnswer(op, await replay(prisma, where, requestHash)) as T, replayed: true };
  }

  let value: T;
  try {
    value = await execute();
  } catch (err) {
    await prisma.idempotencyRecord.deleteMany({ where: { ...where, state: 'in_progress' } });
    throw err;
  }
  await prisma.idempotencyRecord.updateMany({
    where,
    data: {
      state: 'completed',
      responseStatus: op.successStatus ?? 200,
      responseBody: storedAnswer(op, value),
    },
  });
  return { value, replayed: false };
}

async function replay(
  prisma: AppDeps['prisma'],
  where: { tenantId: string; credentialId: string; key: string },
  requestHash: string,
): Promise<unknown> {
  const deadline = Date.now() + waitForFirstMs;
  for (;;) {
    const existing = await prisma.idempotencyRecord.findUnique({ where: { tenantId_credentialId_key: where } });
    if (!existing) {
      throw new AppError('conflict', 'The first request with this Idempotency-Key failed; retry it');
    }
    if (existing.requestHash !== requestHash) {
      throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used with a different request');
    }
    if (existing.state === 'completed') return existing.responseBody;
    if (Date.now() > deadline) {
      throw new AppError('conflict', 'A request with this Idempotency-Key is still in progress');
    }
    await delay(50);
  }
}

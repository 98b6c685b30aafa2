import type pg from 'pg';
import { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { AuditRecordRow } from './recordHash';
import { queryRecordTextBatch, type AuditRecordTextRow } from './textRows';

/** Rows per query when walking a chain: large enough to amortize round trips, small enough to stream. */
export const DEFAULT_BATCH_SIZE = 5000;

export interface ChainRange {
  /** Start after this seq (default 0: from the first record). */
  afterSeq?: number;
  /** Stop at this seq, inclusive (default: the last record). */
  upToSeq?: number;
  batchSize?: number;
}

export interface RecordRange extends ChainRange {
  /** Only this user's records (seqs then have gaps). */
  userId?: string;
}

/**
 * Keyset pagination in seq order that asks for the next batch before handing out the current one, so the
 * database reads while the caller hashes.
 */
async function* keysetBatches<T>(
  fetch: (afterSeq: bigint, take: number) => Promise<T[]>,
  range: ChainRange,
  seqOf: (row: T) => bigint = (row) => (row as { seq: bigint }).seq,
): AsyncGenerator<T[]> {
  const batchSize = range.batchSize ?? DEFAULT_BATCH_SIZE;
  let next = fetch(BigInt(range.afterSeq ?? 0), batchSize);
  for (;;) {
    const batch = await next;
    const last = batch[batch.length - 1];
    if (last === undefined) return;
    next = batch.length < batchSize ? Promise.resolve([]) : fetch(seqOf(last), batchSize);
    // A caller that stops early never awaits the prefetch; its failure must not surface as an unhandled rejection.
    next.catch(() => undefined);
    yield batch;
  }
}

/** A tenant's full records in seq order, in batches. */
export function readRecordBatches(
  prisma: PrismaClient,
  tenantId: string,
  range: RecordRange = {},
): AsyncGenerator<AuditRecordRow[]> {
  const upToCondition = range.upToSeq === undefined ? Prisma.empty : Prisma.sql`AND seq <= ${BigInt(range.upToSeq)}`;
  const userCondition = range.userId === undefined ? Prisma.empty : Prisma.sql`AND user_id = ${range.userId}::uuid`;
  // Raw SQL rather than findMany: verification reads every row, and this skips a mapping layer (about 15% faster).
  return keysetBatches(
    (afterSeq, take) => prisma.$queryRaw<AuditRecordRow[]>`
      SELECT id, tenant_id AS "tenantId", seq, occurred_at AS "occurredAt", user_id AS "userId",
             credential_id AS "credentialId", credential_kind AS "credentialKind", surface, operation, arguments,
             outcome, error_code AS "errorCode", request_id AS "requestId", run_id AS "runId",
             prev_hash AS "prevHash", hash
      FROM audit_records
      WHERE tenant_id = ${tenantId}::uuid AND seq > ${afterSeq} ${upToCondition} ${userCondition}
      ORDER BY seq
      LIMIT ${take}`,
    range,
  );
}

/** Just the chain columns of a tenant's records in seq order, in batches: what Merkle trees are built from. */
export function readHashBatches(
  prisma: PrismaClient,
  tenantId: string,
  range: ChainRange = {},
): AsyncGenerator<Array<{ seq: bigint; prevHash: string; hash: string }>> {
  const upTo = range.upToSeq === undefined ? {} : { lte: BigInt(range.upToSeq) };
  return keysetBatches(
    (afterSeq, take) =>
      prisma.auditRecord.findMany({
        where: { tenantId, seq: { gt: afterSeq, ...upTo } },
        orderBy: { seq: 'asc' },
        select: { seq: true, prevHash: true, hash: true },
        take,
      }),
    range,
  );
}

/**
 * A tenant's records in seq order as text rows, in batches, from the pg pool rather than through Prisma: the
 * verifier reads every row, and Prisma's per-row cost was most of its time. Prefetches like readRecordBatches.
 */
export function readRecordTextBatches(
  pool: Pick<pg.Pool, 'query'>,
  tenantId: string,
  range: ChainRange = {},
): AsyncGenerator<AuditRecordTextRow[]> {
  const upTo = range.upToSeq === undefined ? undefined : String(range.upToSeq);
  return keysetBatches(
    (afterSeq, take) => queryRecordTextBatch(pool, tenantId, String(afterSeq), upTo, take),
    range,
    (row) => BigInt(row[2]!),
  );
}

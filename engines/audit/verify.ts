import type { KeyObject } from 'node:crypto';
import { sqlPool, type PrismaClient } from '../../db/prismaClient';
import { DEFAULT_BATCH_SIZE, readRecordTextBatches } from './chainReader';
import { ChainVerifier, type AuditVerification } from './chainVerifier';
import { listCheckpoints, readHead } from './checkpoint';
import { keyIdOf } from './signingKey';
import { textRowHashOrWhyNot } from './textRows';
import { hashedChunks, workerConnectionOf } from './verifyWorkers';

/** The outcome of verifying a stored trail, with the records not yet in it. */
export type StoredTrailVerification = AuditVerification & {
  /**
   * Records appended but not chained when the walk ended (audit_pending): not part of the chain yet, so neither
   * verified nor broken. Callers flush first (AuditSequencer.flush), so these are calls made during the walk.
   */
  pending: number;
};

/**
 * Verifies a tenant's whole audit trail as stored: walks the records in seq order (streamed in batches), recomputes
 * every hash, follows every prevHash link, checks that seqs run from 1 without gaps, that the head row names the
 * last record, and that every checkpoint's signature holds (under one of `publicKeys`) and its Merkle root and last
 * hash match the records it covers. Returns `ok`, or the first broken record and why, and the number of records
 * still pending.
 *
 * What it cannot see: records appended after the newest checkpoint by someone who also moves the head, and a trail
 * deleted whole, checkpoints included. Exports kept outside the database (docs/audit.md) close that gap.
 */
export async function verifyAuditTrail(
  prisma: PrismaClient,
  publicKeys: readonly KeyObject[],
  tenantId: string,
  opts: {
    batchSize?: number;
    /**
     * Hashing threads, each on a connection of its own beside the pool's; worth it from about
     * PARALLEL_MIN_RECORDS records. Default 0: hash on this thread (verifyWorkers.ts says why). Never used when the
     * pool allows a single connection (the embedded database).
     */
    workers?: number;
  } = {},
): Promise<StoredTrailVerification> {
  // Order matters while others append: the head before the walk bounds the records that must exist, checkpoints
  // read next cover only committed records, and the head after the walk bounds the records that may exist.
  const headBefore = await readHead(prisma, tenantId);
  const checkpoints = await listCheckpoints(prisma, tenantId);
  const keys = new Map(publicKeys.map((key) => [keyIdOf(key), key]));
  const verifier = new ChainVerifier(checkpoints, keys);
  // Rows come from node-postgres as text, not through Prisma, whose per-row cost was most of the walk's time.
  const pool = sqlPool(prisma);
  const batchSize = opts.batchSize ?? DEFAULT_BATCH_SIZE;
  const headSeq = headBefore?.seq ?? 0;
  const connection = workerConnectionOf(pool);
  const workers = opts.workers ?? 0;
  let walked = 0;
  if (workers > 0 && connection && headSeq > 0) {
    // The records the head counted, in ranges hashed by worker threads while this thread follows the chain...
    walk: for await (const chunk of hashedChunks(connection, tenantId, headSeq, { workers, batchSize })) {
      let mismatch = 0;
      for (let i = 0; i < chunk.seqs.length; i++) {
        const record = {
          seq: chunk.seqs[i]!,
          id: chunk.ids[i]!,
          prevHash: chunk.prevHashes[i]!,
          hash: chunk.hashes[i]!,
        };
        const wrong = chunk.mismatches[mismatch];
        let pushed;
        if (wrong?.[0] === i) {
          mismatch += 1;
          pushed = verifier.pushHashed(record, wrong[1]);
        } else
          pushed = verifier.pushHashed(
            record,
            record.hash,
            Buffer.from(chunk.leaves.buffer, chunk.leaves.byteOffset + 32 * i, 32),
          );
        if (!pushed) break walk;
      }
      if (chunk.rowError && !verifier.failed) throw new Error(chunk.rowError.message);
    }
    walked = headSeq;
  }
  // ...then whatever lies beyond (records appended meanwhile), or the whole trail, on this thread.
  if (!verifier.failed) {
    walk: for await (const batch of readRecordTextBatches(pool, tenantId, { afterSeq: walked, batchSize })) {
      for (const row of batch) {
        // Hashed from the text columns (no view object); pushHashed makes push's checks in push's order.
        const link = { seq: Number(row[2]), id: row[0]!, prevHash: row[14]!, hash: row[15]! };
        if (!verifier.pushHashed(link, textRowHashOrWhyNot(row))) break walk;
      }
    }
  }
  const outcome = verifier.failed ?? verifier.finish(headBefore, await readHead(prisma, tenantId));
  return { ...outcome, pending: await prisma.auditPending.count({ where: { tenantId } }) };
}

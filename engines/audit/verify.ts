import type { KeyObject } from 'node:crypto';
import type { PrismaClient } from '../../db/prismaClient';
import { readRecordBatches } from './chainReader';
import { ChainVerifier, type AuditVerification } from './chainVerifier';
import { listCheckpoints, readHead } from './checkpoint';
import { viewOfRow } from './recordHash';
import { keyIdOf } from './signingKey';

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
  opts: { batchSize?: number } = {},
): Promise<StoredTrailVerification> {
  // Order matters while others append: the head before the walk bounds the records that must exist, checkpoints
  // read next cover only committed records, and the head after the walk bounds the records that may exist.
  const headBefore = await readHead(prisma, tenantId);
  const checkpoints = await listCheckpoints(prisma, tenantId);
  const keys = new Map(publicKeys.map((key) => [keyIdOf(key), key]));
  const verifier = new ChainVerifier(checkpoints, keys);
  walk: for await (const batch of readRecordBatches(prisma, tenantId, opts)) {
    for (const row of batch) if (!verifier.push(viewOfRow(row))) break walk;
  }
  const outcome = verifier.failed ?? verifier.finish(headBefore, await readHead(prisma, tenantId));
  return { ...outcome, pending: await prisma.auditPending.count({ where: { tenantId } }) };
}

import type { KeyObject } from 'node:crypto';
import type { PrismaClient } from '../../db/prismaClient';
import { readRecordBatches } from './chainReader';
import { ChainVerifier, type AuditVerification } from './chainVerifier';
import { listCheckpoints, readHead } from './checkpoint';
import { viewOfRow } from './recordHash';
import { keyIdOf } from './signingKey';

/**
 * Verifies a tenant's whole audit trail as stored: walks the records in seq order (streamed in batches), recomputes
 * every hash, follows every prevHash link, checks that seqs run from 1 without gaps, that the head row names the
 * last record, and that every checkpoint's signature holds (under one of `publicKeys`) and its Merkle root and last
 * hash match the records it covers. Returns `ok`, or the first broken record and why.
 *
 * What it cannot see: records appended after the newest checkpoint by someone who also moves the head, and a trail
 * deleted whole, checkpoints included. Exports kept outside the database (docs/audit.md) close that gap.
 */
export async function verifyAuditTrail(
  prisma: PrismaClient,
  publicKeys: readonly KeyObject[],
  tenantId: string,
  opts: { batchSize?: number } = {},
): Promise<AuditVerification> {
  // Order matters while others append: the head before the walk bounds the records that must exist, checkpoints
  // read next cover only committed records, and the head after the walk bounds the records that may exist.
  const headBefore = await readHead(prisma, tenantId);
  const checkpoints = await listCheckpoints(prisma, tenantId);
  const keys = new Map(publicKeys.map((key) => [keyIdOf(key), key]));
  const verifier = new ChainVerifier(checkpoints, keys);
  walk: for await (const batch of readRecordBatches(prisma, tenantId, opts)) {
    for (const row of batch) if (!verifier.push(viewOfRow(row))) break walk;
  }
  if (verifier.failed) return verifier.failed;
  return verifier.finish(headBefore, await readHead(prisma, tenantId));
}

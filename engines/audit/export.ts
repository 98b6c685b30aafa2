import type { PrismaClient } from '../../db/prismaClient';
import { AppError } from '../appError';
import { canonicalJson, type JsonValue } from './canonicalJson';
import { BrokenChainError } from './chainFrontier';
import { readHashBatches, readRecordBatches } from './chainReader';
import type { StoredCheckpoint } from './chainVerifier';
import { createCheckpoint } from './checkpoint';
import { EXPORT_FORMAT, type ExportLine } from './exportFormat';
import { MerkleTree } from './inclusionProof';
import { viewOfRow } from './recordHash';
import type { AuditSigningKey } from './signingKey';

export interface ExportScope {
  tenantId: string;
  /** Export only this user's records (what a self-service user may see); omit for the whole tenant. */
  userId?: string | undefined;
}

function line(value: ExportLine): string {
  return `${canonicalJson(value as unknown as JsonValue)}\n`;
}

/**
 * Exports a tenant's audit trail (or one user's records of it) as NDJSON lines (exportFormat.ts): a header with the
 * public key and a checkpoint signed now over every record, one line per record with its inclusion proof, and an
 * end line with the count. The checkpoint and the Merkle tree are made before the returned iterable yields
 * anything, so a damaged chain fails the call rather than a stream already under way. Memory: the tree, about 64
 * bytes per record of the tenant; records themselves are streamed in batches.
 */
export async function exportAuditTrail(
  prisma: PrismaClient,
  key: AuditSigningKey,
  scope: ExportScope,
): Promise<AsyncIterable<string>> {
  let checkpoint: StoredCheckpoint;
  try {
    checkpoint = await createCheckpoint(prisma, key, scope.tenantId);
  } catch (error) {
    throw error instanceof BrokenChainError ? damaged(error.why) : error;
  }
  const hashes: string[] = [];
  for await (const batch of readHashBatches(prisma, scope.tenantId, { upToSeq: checkpoint.treeSize })) {
    for (const row of batch) {
      if (Number(row.seq) !== hashes.length + 1) throw damaged(`record ${hashes.length + 1} is missing`);
      hashes.push(row.hash);
    }
  }
  if (hashes.length !== checkpoint.treeSize) {
    throw damaged(`records ${hashes.length + 1} to ${checkpoint.treeSize} are missing`);
  }
  return streamLines(prisma, key, scope, checkpoint, new MerkleTree(hashes));
}

function damaged(why: string): AppError {
  return new AppError(
    'internal_error',
    `The audit trail cannot be exported because it is damaged (${why}); verify_agent_audit finds the first broken record`,
  );
}

async function* streamLines(
  prisma: PrismaClient,
  key: AuditSigningKey,
  scope: ExportScope,
  checkpoint: StoredCheckpoint,
  tree: MerkleTree,
): AsyncGenerator<string> {
  const { id: _id, ...signed } = checkpoint;
  yield line({
    type: 'header',
    format: EXPORT_FORMAT,
    scope: scope.userId === undefined ? 'tenant' : 'user',
    userId: scope.userId ?? null,
    publicKey: { algorithm: 'Ed25519', keyId: key.keyId, publicKeyPem: key.publicKeyPem },
    checkpoint: signed,
  });
  let records = 0;
  const range = { upToSeq: checkpoint.treeSize, ...(scope.userId === undefined ? {} : { userId: scope.userId }) };
  for await (const batch of readRecordBatches(prisma, scope.tenantId, range)) {
    // One string per batch: thousands of small writes would cost more than the hashing.
    let chunk = '';
    for (const row of batch) {
      const record = viewOfRow(row);
      chunk += line({ type: 'record', record, proof: tree.proof(record.seq - 1) });
      records += 1;
    }
    yield chunk;
  }
  yield line({ type: 'end', records });
}

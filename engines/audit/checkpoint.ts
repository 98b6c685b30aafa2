import type { PrismaClient } from '../../db/prismaClient';
import { uuidv7 } from '../../db/uuidv7';
import { BrokenChainError, chainFrontierAt } from './chainFrontier';
import type { StoredCheckpoint } from './chainVerifier';
import { signCheckpoint, type CheckpointClaim } from './checkpointStatement';
import { GENESIS_HASH } from './recordHash';
import type { AuditSigningKey } from './signingKey';

interface CheckpointRow {
  id: string;
  tenantId: string;
  treeSize: bigint;
  rootHash: string;
  lastHash: string;
  keyId: string;
  signature: string;
  createdAt: Date;
}

/** A stored checkpoint row in the form that is signed and exported. */
export function checkpointOfRow(row: CheckpointRow): StoredCheckpoint {
  return {
    id: row.id,
    tenantId: row.tenantId,
    treeSize: Number(row.treeSize),
    rootHash: row.rootHash,
    lastHash: row.lastHash,
    createdAt: row.createdAt.toISOString(),
    keyId: row.keyId,
    signature: row.signature,
  };
}

/** The head of a tenant's chain: its number of records and the last hash (0 and the genesis hash when empty). */
export async function readHead(prisma: PrismaClient, tenantId: string): Promise<{ seq: number; hash: string } | null> {
  const head = await prisma.auditHead.findUnique({ where: { tenantId }, select: { seq: true, hash: true } });
  return head ? { seq: Number(head.seq), hash: head.hash } : null;
}

/**
 * Signs the tenant's chain as it stands: a checkpoint over records 1..`treeSize` (default: every record up to the
 * head), whose Merkle root is computed from the stored hashes, stored in audit_checkpoints. A checkpoint of that
 * size made before (by this or another process) is returned instead of a second one. Throws when the stored records
 * up to that size are not an intact chain, rather than sign them.
 */
export async function createCheckpoint(
  prisma: PrismaClient,
  key: AuditSigningKey,
  tenantId: string,
  opts: { treeSize?: number } = {},
): Promise<StoredCheckpoint> {
  const head = await readHead(prisma, tenantId);
  const headSize = head?.seq ?? 0;
  const treeSize = opts.treeSize ?? headSize;
  if (!Number.isSafeInteger(treeSize) || treeSize < 0 || treeSize > headSize) {
    throw new RangeError(`cannot checkpoint ${treeSize} records of tenant ${tenantId}: the chain has ${headSize}`);
  }
  const existing = await prisma.auditCheckpoint.findUnique({
    where: { tenantId_treeSize: { tenantId, treeSize: BigInt(treeSize) } },
  });
  if (existing) return checkpointOfRow(existing);

  const { frontier, lastHash } = await chainFrontierAt(prisma, tenantId, treeSize);
  if (treeSize === headSize && lastHash !== (head?.hash ?? GENESIS_HASH)) {
    throw new BrokenChainError(tenantId, `record ${treeSize} is not the one the head names`);
  }
  const claim: CheckpointClaim = {
    tenantId,
    treeSize,
    rootHash: frontier.root().toString('hex'),
    lastHash,
    createdAt: new Date().toISOString(),
  };
  const signature = signCheckpoint(claim, key.privateKey);
  // Another process may sign the same size at the same moment: keep whichever was stored first.
  await prisma.$executeRaw`
    INSERT INTO audit_checkpoints (id, tenant_id, tree_size, root_hash, last_hash, key_id, signature, created_at)
    VALUES (${uuidv7()}::uuid, ${tenantId}::uuid, ${BigInt(treeSize)}, ${claim.rootHash}, ${claim.lastHash},
            ${key.keyId}, ${signature}, ${claim.createdAt}::timestamptz)
    ON CONFLICT (tenant_id, tree_size) DO NOTHING`;
  const stored = await prisma.auditCheckpoint.findUniqueOrThrow({
    where: { tenantId_treeSize: { tenantId, treeSize: BigInt(treeSize) } },
  });
  return checkpointOfRow(stored);
}

/**
 * The checkpoint sizes due when a tenant's chain grows from `fromSeq` records to `toSeq`: one every `every` records
 * (at sizes `every`, `2 * every`, ...), so that the cost of signing is spread evenly and checkpoint sizes are
 * predictable, however the sequencer batches the records. `every` of 0 turns periodic checkpoints off.
 */
export function checkpointSizesDue(fromSeq: number, toSeq: number, every: number): number[] {
  if (every <= 0) return [];
  const sizes: number[] = [];
  for (let size = (Math.floor(fromSeq / every) + 1) * every; size <= toSeq; size += every) sizes.push(size);
  return sizes;
}

/** All checkpoints of a tenant, smallest first. */
export async function listCheckpoints(prisma: PrismaClient, tenantId: string): Promise<StoredCheckpoint[]> {
  const rows = await prisma.auditCheckpoint.findMany({ where: { tenantId }, orderBy: { treeSize: 'asc' } });
  return rows.map(checkpointOfRow);
}

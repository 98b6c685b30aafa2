import type { PrismaClient } from '../../db/prismaClient';
import { readHashBatches } from './chainReader';
import { leafDataOf, MerkleFrontier } from './merkle';
import { GENESIS_HASH } from './recordHash';

/** The stored records do not form an intact chain: nothing may be signed or exported over them. */
export class BrokenChainError extends Error {
  constructor(
    readonly tenantId: string,
    readonly why: string,
  ) {
    super(`audit chain of tenant ${tenantId}: ${why}`);
    this.name = 'BrokenChainError';
  }
}

interface KnownFrontier {
  frontier: MerkleFrontier;
  lastHash: string;
}

/** Tenants whose frontier one process remembers; beyond this the oldest is forgotten and read again when needed. */
const MAX_CACHED_TENANTS = 10_000;

// Per database client, so that tests and benchmarks holding several databases never mix their chains.
const cache = new WeakMap<PrismaClient, Map<string, KnownFrontier>>();

function cacheOf(prisma: PrismaClient): Map<string, KnownFrontier> {
  let tenants = cache.get(prisma);
  if (!tenants) cache.set(prisma, (tenants = new Map()));
  return tenants;
}

/**
 * The Merkle frontier and last chain hash of a tenant's records 1..`size`, read from the stored hashes. Records are
 * append-only, so a frontier built once is extended with only the records added since: a checkpoint every N records
 * reads N hashes, not the whole chain. Throws when the stored records do not form a chain up to `size` (a gap or a
 * broken link): a checkpoint must never vouch for a damaged chain.
 */
export async function chainFrontierAt(prisma: PrismaClient, tenantId: string, size: number): Promise<KnownFrontier> {
  const tenants = cacheOf(prisma);
  const known = tenants.get(tenantId);
  const start =
    known && known.frontier.size <= size
      ? { frontier: known.frontier.clone(), lastHash: known.lastHash }
      : { frontier: new MerkleFrontier(), lastHash: GENESIS_HASH };
  const extended = await extend(prisma, tenantId, start, size).catch(async (error: unknown) => {
    // The remembered start may predate tampering that a full read would report precisely: read from seq 1 once.
    if (!(error instanceof BrokenChainError) || start.frontier.size === 0) throw error;
    return extend(prisma, tenantId, { frontier: new MerkleFrontier(), lastHash: GENESIS_HASH }, size);
  });
  tenants.delete(tenantId);
  tenants.set(tenantId, { frontier: extended.frontier.clone(), lastHash: extended.lastHash });
  if (tenants.size > MAX_CACHED_TENANTS) tenants.delete(tenants.keys().next().value!);
  return extended;
}

async function extend(
  prisma: PrismaClient,
  tenantId: string,
  start: KnownFrontier,
  size: number,
): Promise<KnownFrontier> {
  const { frontier } = start;
  let lastHash = start.lastHash;
  for await (const batch of readHashBatches(prisma, tenantId, { afterSeq: frontier.size, upToSeq: size })) {
    for (const row of batch) {
      const seq = Number(row.seq);
      if (seq !== frontier.size + 1) throw new BrokenChainError(tenantId, `record ${frontier.size + 1} is missing`);
      if (row.prevHash !== lastHash) throw new BrokenChainError(tenantId, `record ${seq} does not follow ${seq - 1}`);
      frontier.append(leafDataOf(row.hash));
      lastHash = row.hash;
    }
  }
  if (frontier.size !== size) {
    throw new BrokenChainError(tenantId, `records ${frontier.size + 1} to ${size} are missing`);
  }
  return { frontier, lastHash };
}

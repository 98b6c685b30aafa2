import { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { JsonValue } from './canonicalJson';
import { checkpointSizesDue, createCheckpoint } from './checkpoint';
import { GENESIS_HASH, recordHash, type HashedAuditRecord } from './recordHash';
import type { AuditSigningKey } from './signingKey';

/** Pending rows per transaction. */
const DEFAULT_CHAIN_BATCH_SIZE = 500;
const MAX_CHAIN_BATCH_SIZE = 10_000;
/** Batches per background call, so that a large backlog cannot hold one call (and a process's stop) for long. */
const DEFAULT_MAX_BATCHES = 20;

// A flush may wait for rows another process is chaining; that process holds them for a few short statements.
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 10_000 };

export interface ChainOptions {
  /** A signed checkpoint every this many records of a tenant (config `audit.checkpointEvery`); 0: none. */
  checkpointEvery: number;
  /** Pending rows per transaction (default 500). */
  batchSize?: number;
  /** Without `flush`: stop after this many batches (default 20); `more` then says whether rows may remain. */
  maxBatches?: number;
  /**
   * Chain every record committed before the call (of `tenantId` only, when given), waiting for those another
   * process is chaining at that moment instead of skipping them, so that a read made afterwards sees them all.
   */
  flush?: { tenantId?: string };
}

export interface CheckpointFailure {
  tenantId: string;
  treeSize: number;
  error: unknown;
}

export interface ChainResult {
  /** Records moved into their tenants' chains. */
  chained: number;
  /** True when the call stopped at `maxBatches` with a full last batch: call again. */
  more: boolean;
  /**
   * Checkpoints that were due but could not be made (a damaged chain refuses to be signed). The records are chained
   * all the same: appending never stops, and verification reports the damage.
   */
  checkpointFailures: CheckpointFailure[];
}

interface PendingRow {
  id: string;
  tenantId: string;
  occurredAt: Date;
  userId: string | null;
  credentialId: string | null;
  credentialKind: string | null;
  surface: string;
  operation: string;
  arguments: unknown;
  outcome: string;
  errorCode: string | null;
  requestId: string | null;
  runId: string | null;
}

/** How one batch moved a tenant's head: from `fromSeq` records to `toSeq`. */
interface Growth {
  tenantId: string;
  fromSeq: number;
  toSeq: number;
}

/**
 * The sequencer's step: moves pending audit records (audit_pending, written by appendAuditRecord) into their
 * tenants' hash chains, then makes the checkpoints that became due. One transaction per batch: takes the oldest
 * pending rows (by created_at, id) with FOR UPDATE SKIP LOCKED, so that any number of processes may run this at once
 * without taking the same rows; locks the head of each tenant in the batch (in tenant id order, so concurrent
 * chainers cannot deadlock); gives the rows consecutive seqs in that order and their prevHash and hash (recordHash,
 * as verify, export and the offline script recompute them); inserts them all and deletes them from audit_pending in
 * one statement that also moves the heads; commits. A failure or crash at any point rolls the batch back whole: the
 * rows stay pending for the next run, and nothing is chained twice or lost.
 *
 * Loops until no pending row is left, or `maxBatches` is reached. With `flush`, see ChainOptions.flush.
 */
export async function chainPendingAuditRecords(
  prisma: PrismaClient,
  key: AuditSigningKey,
  opts: ChainOptions,
): Promise<ChainResult> {
  const batchSize = opts.batchSize ?? DEFAULT_CHAIN_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_CHAIN_BATCH_SIZE) {
    throw new RangeError(`batchSize must be an integer from 1 to ${MAX_CHAIN_BATCH_SIZE}, not ${batchSize}`);
  }
  const selection = opts.flush ? await flushSelection(prisma, opts.flush.tenantId) : Prisma.empty;
  const result: ChainResult = { chained: 0, more: false, checkpointFailures: [] };
  if (selection === undefined) return result;
  const maxBatches = opts.flush ? Infinity : (opts.maxBatches ?? DEFAULT_MAX_BATCHES);
  for (let batch = 0; batch < maxBatches; batch++) {
    const { chained, growth } = await chainBatch(prisma, selection, batchSize, opts.flush !== undefined);
    result.chained += chained;
    for (const grown of growth) {
      for (const treeSize of checkpointSizesDue(grown.fromSeq, grown.toSeq, opts.checkpointEvery)) {
        try {
          await createCheckpoint(prisma, key, grown.tenantId, { treeSize });
        } catch (error) {
          result.checkpointFailures.push({ tenantId: grown.tenantId, treeSize, error });
        }
      }
    }
    // Fewer rows than asked for: none were left when the batch was taken (locked rows do not count toward LIMIT).
    if (chained < batchSize) return result;
  }
  result.more = true;
  return result;
}

/**
 * The condition of a flush: the rows (of the tenant) committed before now. Undefined when there are none, which
 * costs one round trip and no transaction: what most reads find.
 */
async function flushSelection(prisma: PrismaClient, tenantId: string | undefined): Promise<Prisma.Sql | undefined> {
  const ofTenant = tenantId === undefined ? Prisma.sql`TRUE` : Prisma.sql`tenant_id = ${tenantId}::uuid`;
  // The database's clock, like created_at's default: a row committed before this statement was created before it.
  // As text: a JavaScript Date would cut the microseconds, and with them rows created within the same millisecond.
  const [probe] = await prisma.$queryRaw<Array<{ now: string; pending: boolean }>>`
    SELECT clock_timestamp()::text AS now, EXISTS (SELECT 1 FROM audit_pending WHERE ${ofTenant}) AS pending`;
  if (!probe?.pending) return undefined;
  // Bounded by the time of the call, so that appends arriving faster than this chains cannot keep it running.
  return Prisma.sql`WHERE ${ofTenant} AND created_at <= ${probe.now}::timestamptz`;
}

/** One transaction: takes up to `batchSize` pending rows and chains them. */
async function chainBatch(
  prisma: PrismaClient,
  selection: Prisma.Sql,
  batchSize: number,
  waitForLocked: boolean,
): Promise<{ chained: number; growth: Growth[] }> {
  return prisma.$transaction(async (tx) => {
    // A flush waits for rows another process holds (they are then gone, or chained by it), rather than skip them:
    // it must not return before they are in the chain.
    const lock = waitForLocked ? Prisma.empty : Prisma.sql`SKIP LOCKED`;
    // One statement takes the rows and locks the head of each of their tenants, creating missing heads: an upsert
    // that finds the row locks it as SELECT ... FOR UPDATE does. Heads are locked in tenant id order, so that
    // concurrent chainers cannot deadlock; rows come back in the order they are chained.
    const rows = await tx.$queryRaw<Array<PendingRow & { headSeq: bigint; headHash: string }>>`
      WITH picked AS (
        SELECT * FROM audit_pending
        ${selection}
        ORDER BY created_at, id
        LIMIT ${batchSize}
        FOR UPDATE ${lock}
      ),
      heads AS (
        INSERT INTO audit_heads (tenant_id, seq, hash, updated_at)
        SELECT DISTINCT tenant_id, 0, ${GENESIS_HASH}, now() FROM picked ORDER BY tenant_id
        ON CONFLICT (tenant_id) DO UPDATE SET tenant_id = EXCLUDED.tenant_id
        RETURNING tenant_id, seq, hash
      )
      SELECT p.id, p.tenant_id AS "tenantId", p.occurred_at AS "occurredAt", p.user_id AS "userId",
             p.credential_id AS "credentialId", p.credential_kind AS "credentialKind", p.surface, p.operation,
             p.arguments, p.outcome, p.error_code AS "errorCode", p.request_id AS "requestId", p.run_id AS "runId",
             h.seq AS "headSeq", h.hash AS "headHash"
      FROM picked p JOIN heads h ON h.tenant_id = p.tenant_id
      ORDER BY p.created_at, p.id`;
    if (rows.length === 0) return { chained: 0, growth: [] };

    // Each tenant's rows in chain order, after its head as locked.
    const tenants = new Map<string, { head: { seq: number; hash: string }; rows: PendingRow[] }>();
    for (const row of rows) {
      const tenant = tenants.get(row.tenantId);
      if (tenant) tenant.rows.push(row);
      else tenants.set(row.tenantId, { head: { seq: Number(row.headSeq), hash: row.headHash }, rows: [row] });
    }

    // The columns of the chain links and of the new heads, as arrays: one statement of the same shape whatever the
    // batch holds (seqs as decimal strings: bigint arrays do not travel as parameters).
    const links = { id: [] as string[], seq: [] as string[], prevHash: [] as string[], hash: [] as string[] };
    const newHeads = { tenantId: [] as string[], seq: [] as string[], hash: [] as string[] };
    const growth: Growth[] = [];
    for (const [tenantId, { head, rows: tenantRows }] of tenants) {
      let seq = head.seq;
      let prevHash = head.hash;
      for (const row of tenantRows) {
        seq += 1;
        const hash = recordHash(hashedRecord(row, seq, prevHash));
        links.id.push(row.id);
        links.seq.push(String(seq));
        links.prevHash.push(prevHash);
        links.hash.push(hash);
        prevHash = hash;
      }
      newHeads.tenantId.push(tenantId);
      newHeads.seq.push(String(seq));
      newHeads.hash.push(prevHash);
      growth.push({ tenantId, fromSeq: head.seq, toSeq: seq });
    }

    // One statement: the records are copied from the locked pending rows (the very values just hashed, arguments
    // as stored jsonb), the pending rows deleted, the heads moved.
    const inserted = await tx.$executeRaw`
      WITH chained AS (
        SELECT * FROM unnest(${links.id}::uuid[], ${links.seq}::bigint[], ${links.prevHash}::text[],
                             ${links.hash}::text[]) AS c (id, seq, prev_hash, hash)
      ),
      moved AS (DELETE FROM audit_pending p USING chained c WHERE p.id = c.id RETURNING p.*),
      moved_heads AS (
        UPDATE audit_heads h SET seq = v.seq, hash = v.hash, updated_at = now()
        FROM unnest(${newHeads.tenantId}::uuid[], ${newHeads.seq}::bigint[], ${newHeads.hash}::text[])
             AS v (tenant_id, seq, hash)
        WHERE h.tenant_id = v.tenant_id
      )
      INSERT INTO audit_records (id, tenant_id, seq, occurred_at, user_id, credential_id, credential_kind, surface,
                                 operation, arguments, outcome, error_code, request_id, run_id, prev_hash, hash)
      SELECT m.id, m.tenant_id, c.seq, m.occurred_at, m.user_id, m.credential_id, m.credential_kind, m.surface,
             m.operation, m.arguments, m.outcome, m.error_code, m.request_id, m.run_id, c.prev_hash, c.hash
      FROM moved m JOIN chained c ON c.id = m.id`;
    if (inserted !== rows.length) {
      throw new Error(`audit sequencer: chained ${inserted} of ${rows.length} locked pending rows; rolled back`);
    }
    return { chained: rows.length, growth };
  }, TRANSACTION_OPTIONS);
}

/** A pending row as the record it becomes at `seq` after `prevHash`: the form recordHash covers. */
function hashedRecord(row: PendingRow, seq: number, prevHash: string): HashedAuditRecord {
  return {
    id: row.id,
    tenantId: row.tenantId,
    seq,
    occurredAt: row.occurredAt.toISOString(),
    userId: row.userId,
    credentialId: row.credentialId,
    credentialKind: row.credentialKind,
    surface: row.surface,
    operation: row.operation,
    // Read back from jsonb by the driver's JSON.parse: always a JSON value, and exactly what audit_records will hold.
    arguments: row.arguments as JsonValue,
    outcome: row.outcome,
    errorCode: row.errorCode,
    requestId: row.requestId,
    runId: row.runId,
    prevHash,
  };
}

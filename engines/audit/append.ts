import type { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { uuidv7 } from '../../db/uuidv7';
import { canonicalJson } from './canonicalJson';
import { recordHash, GENESIS_HASH, type AuditOutcome, type AuditSurface, type HashedAuditRecord } from './recordHash';
import { redactArguments } from './redact';

/** What a caller knows of one audited call; the engine adds the id, seq, time and the chain hashes. */
export interface AuditEntry {
  tenantId: string;
  userId?: string | null;
  credentialId?: string | null;
  credentialKind?: string | null;
  surface: AuditSurface;
  /** The registry operation or MCP tool name (`create_leave_request`, `mcp__jira__create_issue`). */
  operation: string;
  /** Whatever the call was given: redacted here, whoever calls. */
  arguments: unknown;
  outcome: AuditOutcome;
  errorCode?: string | null;
  requestId?: string | null;
  runId?: string | null;
  /** Defaults to now. */
  occurredAt?: Date;
}

export interface AppendedAuditRecord {
  id: string;
  seq: bigint;
  hash: string;
}

// Long enough for a queue of writers on one busy tenant; each holds the head lock for two short statements.
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 10_000 };

/**
 * Appends one record to the tenant's hash chain, in its own transaction. Safe under concurrent appends from any
 * number of processes: the tenant's head row is locked for the two statements that extend the chain, so seqs stay
 * gap-free and the chain never forks. Returns the record's id (for X-Audit-Id), seq and hash.
 */
export async function appendAuditRecord(prisma: PrismaClient, entry: AuditEntry): Promise<AppendedAuditRecord> {
  return prisma.$transaction((tx) => appendAuditRecordInTransaction(tx, entry), TRANSACTION_OPTIONS);
}

/**
 * The same append inside a transaction the caller holds, so that a write and its audit record commit or roll back
 * together. The head lock is then held until the caller's transaction ends: keep such transactions short.
 */
export async function appendAuditRecordInTransaction(
  tx: Prisma.TransactionClient,
  entry: AuditEntry,
): Promise<AppendedAuditRecord> {
  // Redacted and normalized before hashing, so the hash covers exactly the JSON that jsonb stores.
  const args = redactArguments(entry.arguments);
  // One statement creates the head on a tenant's first append and, for every append, locks it: an upsert that
  // finds the row takes the same row lock as SELECT ... FOR UPDATE and returns the latest committed head.
  const heads = await tx.$queryRaw<Array<{ seq: bigint; hash: string }>>`
    INSERT INTO audit_heads (tenant_id, seq, hash, updated_at)
    VALUES (${entry.tenantId}::uuid, 0, ${GENESIS_HASH}, now())
    ON CONFLICT (tenant_id) DO UPDATE SET tenant_id = EXCLUDED.tenant_id
    RETURNING seq, hash`;
  const head = heads[0];
  if (!head) throw new Error(`audit head of tenant ${entry.tenantId} could not be locked`);

  const seq = head.seq + 1n;
  const record: HashedAuditRecord = {
    id: uuidv7(),
    tenantId: entry.tenantId,
    seq: Number(seq),
    occurredAt: (entry.occurredAt ?? new Date()).toISOString(),
    userId: entry.userId ?? null,
    credentialId: entry.credentialId ?? null,
    credentialKind: entry.credentialKind ?? null,
    surface: entry.surface,
    operation: entry.operation,
    arguments: args,
    outcome: entry.outcome,
    errorCode: entry.errorCode ?? null,
    requestId: entry.requestId ?? null,
    runId: entry.runId ?? null,
    prevHash: head.hash,
  };
  const hash = recordHash(record);
  await tx.$executeRaw`
    WITH inserted AS (
      INSERT INTO audit_records (id, tenant_id, seq, occurred_at, user_id, credential_id, credential_kind, surface,
                                 operation, arguments, outcome, error_code, request_id, run_id, prev_hash, hash)
      VALUES (${record.id}::uuid, ${record.tenantId}::uuid, ${seq}, ${record.occurredAt}::timestamptz,
              ${record.userId}::uuid, ${record.credentialId}::uuid, ${record.credentialKind}, ${record.surface},
              ${record.operation}, ${canonicalJson(args)}::jsonb, ${record.outcome}, ${record.errorCode},
              ${record.requestId}, ${record.runId}, ${record.prevHash}, ${hash})
    )
    UPDATE audit_heads SET seq = ${seq}, hash = ${hash}, updated_at = now() WHERE tenant_id = ${entry.tenantId}::uuid`;
  return { id: record.id, seq, hash };
}

import type { Pool } from 'pg';
import type { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { uuidv7 } from '../../db/uuidv7';
import { canonicalJson } from './canonicalJson';
import type { AuditOutcome, AuditSurface } from './recordHash';
import { redactArguments } from './redact';

/** What a caller knows of one audited call; the engine adds the id and time, the sequencer the seq and hashes. */
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

/**
 * An enqueued record. Its seq and hash do not exist yet: the sequencer assigns them when it chains the record
 * (chainPendingAuditRecords), so this answer deliberately has no such fields.
 */
export interface EnqueuedAuditRecord {
  /** The id the record keeps in the chain: the X-Audit-Id of the call. */
  id: string;
}

/**
 * Records one audited call: redacts its arguments and enqueues it in audit_pending with a single INSERT, without
 * a transaction or any lock, so that appends of one tenant never wait for each other. The record joins the
 * tenant's hash chain when a sequencer chains it (sequencer.ts, usually within milliseconds); reads flush first,
 * so nothing is ever missing from a list, an export or a verification. Once this returns, the record is durable.
 *
 * Given a transaction client instead of the client, the record commits or rolls back with the caller's write.
 * Poke a sequencer afterwards (AuditSequencer.poke) so the record is chained soon rather than at the next sweep.
 */
export async function appendAuditRecord(
  db: PrismaClient | Prisma.TransactionClient,
  entry: AuditEntry,
): Promise<EnqueuedAuditRecord> {
  const [record] = await appendAuditRecords(db, [prepareAuditEntry(entry)]);
  return record!;
}

/** An entry redacted, normalized and given its id and time: ready to be written, and to fail alone if it cannot. */
export interface PreparedAuditEntry {
  id: string;
  tenantId: string;
  occurredAt: string;
  userId: string | null;
  credentialId: string | null;
  credentialKind: string | null;
  surface: AuditSurface;
  operation: string;
  /** The canonical JSON text of the redacted arguments. */
  arguments: string;
  outcome: AuditOutcome;
  errorCode: string | null;
  requestId: string | null;
  runId: string | null;
}

/**
 * Redacts and normalizes an entry and gives it its id, before it is written: so the jsonb stored is exactly the
 * value the record's hash will cover, and an entry that cannot be written fails before it joins a batch.
 */
export function prepareAuditEntry(entry: AuditEntry): PreparedAuditEntry {
  return {
    id: uuidv7(),
    tenantId: entry.tenantId,
    occurredAt: (entry.occurredAt ?? new Date()).toISOString(),
    userId: entry.userId ?? null,
    credentialId: entry.credentialId ?? null,
    credentialKind: entry.credentialKind ?? null,
    surface: entry.surface,
    operation: entry.operation,
    arguments: canonicalJson(redactArguments(entry.arguments)),
    outcome: entry.outcome,
    errorCode: entry.errorCode ?? null,
    requestId: entry.requestId ?? null,
    runId: entry.runId ?? null,
  };
}

/** The INSERT of prepared entries: columns travel as arrays (unnest), one statement for one entry or hundreds. */
const appendStatement = `
  INSERT INTO audit_pending (id, tenant_id, occurred_at, user_id, credential_id, credential_kind, surface, operation,
                             arguments, outcome, error_code, request_id, run_id)
  SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::uuid[], $5::uuid[], $6::text[], $7::text[],
                       $8::text[], $9::jsonb[], $10::text[], $11::text[], $12::text[], $13::text[])`;

/** The statement's parameters, in its column order. */
function appendParameters(entries: readonly PreparedAuditEntry[]): unknown[][] {
  const column = <K extends keyof PreparedAuditEntry>(key: K) => entries.map((e) => e[key]);
  return [
    column('id'),
    column('tenantId'),
    column('occurredAt'),
    column('userId'),
    column('credentialId'),
    column('credentialKind'),
    column('surface'),
    column('operation'),
    column('arguments'),
    column('outcome'),
    column('errorCode'),
    column('requestId'),
    column('runId'),
  ];
}

/**
 * Enqueues prepared entries with one INSERT: all of them, or none. Given a transaction client, they commit or roll
 * back with the caller's write.
 */
export async function appendAuditRecords(
  db: PrismaClient | Prisma.TransactionClient,
  entries: readonly PreparedAuditEntry[],
): Promise<EnqueuedAuditRecord[]> {
  if (entries.length === 0) return [];
  await db.$executeRawUnsafe(appendStatement, ...appendParameters(entries));
  return entries.map((e) => ({ id: e.id }));
}

const APPEND_STATEMENT_NAME = 'svc-hr.audit-append';

/**
 * appendAuditRecords on the client's pg pool, as a statement each connection prepares once: the append queue's
 * path, where Prisma's own per-statement cost was the larger part of an audited call (db/prismaClient.ts sqlPool).
 *
 * pg believes a new connection has nothing prepared. On the embedded database every connection is the same PGlite
 * session, so after a lost connection the statement is still there and preparing it again fails with 42P05
 * ("already exists"), on every later append: then it is deallocated and prepared again, on the same connection.
 */
export async function appendAuditRecordsOnPool(
  pool: Pool,
  entries: readonly PreparedAuditEntry[],
): Promise<EnqueuedAuditRecord[]> {
  if (entries.length === 0) return [];
  const query = { name: APPEND_STATEMENT_NAME, text: appendStatement, values: appendParameters(entries) };
  const client = await pool.connect();
  let broken: unknown;
  try {
    await client.query(query).catch(async (error: unknown) => {
      if ((error as { code?: unknown }).code !== '42P05') throw error;
      await client.query(`DEALLOCATE "${APPEND_STATEMENT_NAME}"`);
      await client.query(query);
    });
  } catch (error) {
    broken = error;
    throw error;
  } finally {
    // A connection whose statement failed for a reason of the connection's is not given to the next caller.
    client.release(isConnectionError(broken) ? (broken as Error) : undefined);
  }
  return entries.map((e) => ({ id: e.id }));
}

/** An error of the connection itself (lost, terminated), rather than of the statement. */
function isConnectionError(error: unknown): boolean {
  if (error === undefined) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code === '57P01' || code.startsWith('08');
  return error instanceof Error && /Connection terminated|ECONNRESET|EPIPE/i.test(error.message);
}

import { hash } from 'node:crypto';
import { canonicalJson, quote, type JsonValue } from './canonicalJson';

/** The prevHash of a tenant's first record: 64 zeros. */
export const GENESIS_HASH = '0'.repeat(64);

/** Where an audited call came from. */
export const auditSurfaces = ['rest', 'mcp', 'agent', 'mcp_outbound', 'cli', 'system'] as const;
export type AuditSurface = (typeof auditSurfaces)[number];

export const auditOutcomes = ['success', 'failure'] as const;
export type AuditOutcome = (typeof auditOutcomes)[number];

/**
 * One audit record exactly as it is hashed and exported: every member is present (absent values are null), times
 * are ISO 8601 UTC with milliseconds, `seq` counts from 1 within the tenant. docs/audit.md names the same fields
 * for auditors.
 */
export interface HashedAuditRecord {
  id: string;
  tenantId: string;
  seq: number;
  occurredAt: string;
  userId: string | null;
  credentialId: string | null;
  credentialKind: string | null;
  surface: string;
  operation: string;
  arguments: JsonValue;
  outcome: string;
  errorCode: string | null;
  requestId: string | null;
  runId: string | null;
  prevHash: string;
}

/** A hashed record with its own hash: the shape of a record in lists and exports. */
export interface AuditRecordView extends HashedAuditRecord {
  hash: string;
}

/** The members of a record that its hash covers, in the order docs/audit.md lists them. */
export const hashedFields = [
  'id',
  'tenantId',
  'seq',
  'occurredAt',
  'userId',
  'credentialId',
  'credentialKind',
  'surface',
  'operation',
  'arguments',
  'outcome',
  'errorCode',
  'requestId',
  'runId',
  'prevHash',
] as const satisfies ReadonlyArray<keyof HashedAuditRecord>;

// The keys of the hashed object are fixed: their sorted order and quoted prefixes are computed once.
const sortedFields = [...hashedFields].sort();
const fieldPrefixes = sortedFields.map((field, i) => `${i === 0 ? '{' : ','}${quote(field)}:`);

/**
 * The chain hash of a record: SHA-256, lower-case hex, over the UTF-8 canonical JSON of its hashed members
 * (including `prevHash`, which links it to the record before). Members outside `hashedFields` are ignored, so a
 * view that carries its own `hash` can be passed as it is.
 */
export function recordHash(record: HashedAuditRecord): string {
  // The canonical JSON of an object of exactly the hashed fields, written without building that object.
  let text = '';
  for (let i = 0; i < sortedFields.length; i++) text += fieldPrefixes[i]! + canonicalJson(record[sortedFields[i]!]);
  // One-shot crypto.hash: about half the cost of createHash().update().digest() for a record-sized input.
  return hash('sha256', `${text}}`, 'hex');
}

/** A database row of audit_records, as Prisma returns it. */
export interface AuditRecordRow {
  id: string;
  tenantId: string;
  seq: bigint;
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
  prevHash: string;
  hash: string;
}

/** The view of a stored row: the form that is hashed, listed and exported. */
export function viewOfRow(row: AuditRecordRow): AuditRecordView {
  return {
    id: row.id,
    tenantId: row.tenantId,
    seq: Number(row.seq),
    occurredAt: row.occurredAt.toISOString(),
    userId: row.userId,
    credentialId: row.credentialId,
    credentialKind: row.credentialKind,
    surface: row.surface,
    operation: row.operation,
    // Read back from jsonb by the driver's JSON.parse: always a JSON value.
    arguments: row.arguments as JsonValue,
    outcome: row.outcome,
    errorCode: row.errorCode,
    requestId: row.requestId,
    runId: row.runId,
    prevHash: row.prevHash,
    hash: row.hash,
  };
}

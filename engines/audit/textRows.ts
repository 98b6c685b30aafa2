import { hash } from 'node:crypto';
import pg from 'pg';
import { canonicalJson, quote, type JsonValue } from './canonicalJson';
import { canonicalJsonOfJsonb } from './jsonbCanonical';
import { hashedFields, type AuditRecordView } from './recordHash';

// Rows of audit_records as text, read straight from node-postgres: what verification hashes. Kept apart from the
// Prisma readers (chainReader.ts) so that a hashing worker thread (verifyWorker.ts) loads no Prisma client.

/**
 * A record row as PostgreSQL sends it, every column as its text (null for NULL), in the order of RECORD_COLUMNS:
 * what verification reads, so that no driver layer builds an object per row it only hashes.
 */
export type AuditRecordTextRow = Array<string | null>;

const RECORD_COLUMNS =
  'id, tenant_id, seq, occurred_at, user_id, credential_id, credential_kind, surface, operation, arguments, ' +
  'outcome, error_code, request_id, run_id, prev_hash, hash';

/** The largest bigint: "no upper bound" for the prepared statement below. */
const MAX_SEQ = '9223372036854775807';

// Every column as its text: the view is built by viewOfTextRow, only for the rows verification walks.
const textTypes = { getTypeParser: () => (text: string) => text };

/**
 * One keyset batch of a tenant's records as text rows, on the pg pool under Prisma (or any pg client), as a
 * prepared statement: records with afterSeq < seq <= upToSeq, in seq order, at most `take`.
 */
export async function queryRecordTextBatch(
  db: Pick<pg.Pool, 'query'> | Pick<pg.Client, 'query'>,
  tenantId: string,
  afterSeq: string,
  upToSeq: string | undefined,
  take: number,
): Promise<AuditRecordTextRow[]> {
  const result = await db.query<AuditRecordTextRow>({
    name: 'svc_hr_audit_record_text_batch',
    text:
      `SELECT ${RECORD_COLUMNS} FROM audit_records ` +
      'WHERE tenant_id = $1::uuid AND seq > $2::bigint AND seq <= $3::bigint ORDER BY seq LIMIT $4',
    values: [tenantId, afterSeq, upToSeq ?? MAX_SEQ, take],
    rowMode: 'array',
    types: textTypes,
  });
  return result.rows;
}

// pg's own parser of timestamptz text, the one Prisma's rows went through before: the same instant, the same
// milliseconds (microseconds truncated), whatever the session's time zone.
const parseTimestamptz = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (text: string) => Date;

// The form a timestamptz(3) takes in a UTC session: a four-digit year, up to three digits of fraction (trailing zeros
// dropped), no era. Its ISO 8601 form is a rearrangement of the text, which is what parseTimestamptz would give.
const utcTimestamp = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,3}))?\+00$/;

/**
 * A timestamptz as PostgreSQL writes it, in ISO 8601 UTC with milliseconds: rewritten as text when it has the
 * common form (a third of the parser's cost, and verification reads every record's time), parsed otherwise.
 */
export function isoOfTimestamptz(text: string): string {
  const parts = utcTimestamp.exec(text);
  if (parts === null) return parseTimestamptz(text).toISOString();
  return `${parts[1]}T${parts[2]}.${(parts[3] ?? '').padEnd(3, '0')}Z`;
}

/**
 * The view of a text row: the same record viewOfRow makes of the row Prisma returns (seq as a number, the time as
 * ISO 8601 with milliseconds, the arguments parsed from the jsonb text).
 */
export function viewOfTextRow(row: AuditRecordTextRow): AuditRecordView {
  return {
    id: row[0]!,
    tenantId: row[1]!,
    seq: Number(row[2]),
    occurredAt: isoOfTimestamptz(row[3]!),
    userId: row[4] ?? null,
    credentialId: row[5] ?? null,
    credentialKind: row[6] ?? null,
    surface: row[7]!,
    operation: row[8]!,
    arguments: JSON.parse(row[9]!) as JsonValue,
    outcome: row[10]!,
    errorCode: row[11] ?? null,
    requestId: row[12] ?? null,
    runId: row[13] ?? null,
    prevHash: row[14]!,
    hash: row[15]!,
  };
}

// The hashed members in canonical (sorted) order, each with the column of the text row that holds it.
const COLUMN_OF_FIELD: Record<(typeof hashedFields)[number], number> = {
  id: 0,
  tenantId: 1,
  seq: 2,
  occurredAt: 3,
  userId: 4,
  credentialId: 5,
  credentialKind: 6,
  surface: 7,
  operation: 8,
  arguments: 9,
  outcome: 10,
  errorCode: 11,
  requestId: 12,
  runId: 13,
  prevHash: 14,
};
const sortedFields = [...hashedFields].sort();
const sortedColumns = sortedFields.map((field) => COLUMN_OF_FIELD[field]);
const sortedPrefixes = sortedFields.map((field, i) => `${i === 0 ? '{' : ','}${quote(field)}:`);

/** A text column's member in canonical JSON: what canonicalJson writes of the view's member. */
function memberOf(row: AuditRecordTextRow, column: number, occurredAt: string): string {
  const text = row[column];
  if (text === null || text === undefined) return 'null';
  switch (column) {
    case 2:
      return canonicalJson(Number(text));
    case 3:
      return quote(occurredAt);
    case 9:
      return canonicalJsonOfJsonb(text);
    default:
      return quote(text);
  }
}

/**
 * recordHash(viewOfTextRow(row)), written straight from the text columns: no view, no parsed arguments (the walk
 * hashes every record, and those allocations were a large share of its CPU). Throws where that would.
 */
export function recordHashOfTextRow(row: AuditRecordTextRow, occurredAt = isoOfTimestamptz(row[3]!)): string {
  let text = '';
  for (let i = 0; i < sortedColumns.length; i++) {
    text += sortedPrefixes[i]! + memberOf(row, sortedColumns[i]!, occurredAt);
  }
  return hash('sha256', `${text}}`, 'hex');
}

/**
 * hashOrWhyNot(viewOfTextRow(row)), from the text columns: what viewOfTextRow cannot read (a time that is no date,
 * arguments that are not JSON: a SyntaxError) is thrown as it throws it; what canonical JSON has no form for is
 * the answer.
 */
export function textRowHashOrWhyNot(row: AuditRecordTextRow): string {
  const occurredAt = isoOfTimestamptz(row[3]!);
  try {
    return recordHashOfTextRow(row, occurredAt);
  } catch (error) {
    if (error instanceof SyntaxError) throw error;
    return `unhashable (${(error as Error).message})`;
  }
}

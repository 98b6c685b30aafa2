import type { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { viewOfRow, type AuditOutcome, type AuditRecordView } from './recordHash';
import { auditUserFilter } from './visibility';

export interface AuditListFilters {
  /** Records that occurred at or after this instant. */
  from?: Date | undefined;
  /** Records that occurred before this instant. */
  to?: Date | undefined;
  userId?: string | undefined;
  runId?: string | undefined;
  operation?: string | undefined;
  outcome?: AuditOutcome | undefined;
  /** Only records older than this seq: the nextCursor of the previous page. */
  beforeSeq?: number | undefined;
  limit: number;
}

/**
 * A page of the audit records `actor` may see, newest first (by seq, the order of the chain), with the seq to
 * continue from when there are more. Never crosses the actor's tenant; non-workspace roles see only their own.
 */
export async function listAuditRecords(
  prisma: PrismaClient,
  actor: Actor,
  filters: AuditListFilters,
): Promise<{ records: AuditRecordView[]; nextCursor: string | null }> {
  const visible = auditUserFilter(actor);
  const where: Prisma.AuditRecordWhereInput = {
    tenantId: visible.tenantId,
    // Both user conditions hold: asking for another user's records as a self-service user finds none.
    AND: [
      ...(visible.userId === undefined ? [] : [{ userId: visible.userId }]),
      ...(filters.userId === undefined ? [] : [{ userId: filters.userId }]),
    ],
    ...(filters.runId === undefined ? {} : { runId: filters.runId }),
    ...(filters.operation === undefined ? {} : { operation: filters.operation }),
    ...(filters.outcome === undefined ? {} : { outcome: filters.outcome }),
    ...(filters.from || filters.to
      ? { occurredAt: { ...(filters.from ? { gte: filters.from } : {}), ...(filters.to ? { lt: filters.to } : {}) } }
      : {}),
    ...(filters.beforeSeq === undefined ? {} : { seq: { lt: BigInt(filters.beforeSeq) } }),
  };
  const rows = await prisma.auditRecord.findMany({ where, orderBy: { seq: 'desc' }, take: filters.limit + 1 });
  const page = rows.slice(0, filters.limit).map(viewOfRow);
  const last = page[page.length - 1];
  return { records: page, nextCursor: rows.length > filters.limit && last ? String(last.seq) : null };
}

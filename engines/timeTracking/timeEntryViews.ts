import type { TimeEntry } from '../../db/models';
import type { Db } from '../../db/handle';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { visibleEmployeesFilter } from '../access/visibility';
import { AppError } from '../appError';
import { fromDbDate, toDbDate, type IsoDate } from '../leave/dates';
import { breakMinutesOf, workedMinutesOf } from './timeDays';

/** A clock entry as the API shows it: its minutes counted up to now while it is open. */
export interface TimeEntryView {
  id: string;
  employeeId: string;
  employeeName: string;
  date: IsoDate;
  startedAt: string;
  endedAt: string | null;
  open: boolean;
  breakMinutes: number;
  onBreakSince: string | null;
  workedMinutes: number;
  source: string;
  note: string | null;
  flaggedAt: string | null;
  createdAt: string;
}

/** The start of each open break of the entries, by entry id. */
export async function openBreaksOf(db: Db, entryIds: string[]): Promise<Map<string, Date>> {
  if (entryIds.length === 0) return new Map();
  const open = await db.timeBreak.findMany({
    where: { entryId: { in: entryIds }, endedAt: null },
    select: { entryId: true, startedAt: true },
  });
  return new Map(open.map((b) => [b.entryId, b.startedAt]));
}

export async function entryViewsOf(db: Db, rows: TimeEntry[], now: Date): Promise<TimeEntryView[]> {
  if (rows.length === 0) return [];
  const employees = await db.employee.findMany({
    where: { id: { in: [...new Set(rows.map((r) => r.employeeId))] } },
    select: { id: true, name: true },
  });
  const names = new Map(employees.map((e) => [e.id, e.name]));
  const breaks = await openBreaksOf(
    db,
    rows.filter((r) => r.endedAt === null).map((r) => r.id),
  );
  return rows.map((r) => {
    const times = { ...r, openBreakSince: breaks.get(r.id) ?? null };
    return {
      id: r.id,
      employeeId: r.employeeId,
      employeeName: names.get(r.employeeId) ?? '',
      date: fromDbDate(r.date),
      startedAt: r.startedAt.toISOString(),
      endedAt: r.endedAt?.toISOString() ?? null,
      open: r.endedAt === null,
      breakMinutes: breakMinutesOf(times, now),
      onBreakSince: breaks.get(r.id)?.toISOString() ?? null,
      workedMinutes: workedMinutesOf(times, now),
      source: r.source,
      note: r.note,
      flaggedAt: r.flaggedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

/** An entry of someone the actor may see; 404 otherwise (no existence leak). */
export async function findVisibleEntry(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  now: Date,
): Promise<{ row: TimeEntry; view: TimeEntryView }> {
  const filter = await visibleEmployeesFilter(prisma, actor);
  const row = await prisma.timeEntry.findFirst({ where: { id, tenantId: actor.tenant.id } });
  const visible = row && (await prisma.employee.count({ where: { AND: [filter, { id: row.employeeId }] } })) > 0;
  if (!row || !visible) throw new AppError('not_found', `No time entry ${id}`);
  const [view] = await entryViewsOf(prisma, [row], now);
  return { row, view: view! };
}

/** The longest span a list of entries covers. */
export const MAX_LIST_SPAN_DAYS = 366;

/**
 * Entries of the people the actor may see, latest first, a page at a time; `from`/`to` bound their days. The
 * cursor is the last entry of the previous page.
 */
export async function listTimeEntries(
  prisma: PrismaClient,
  actor: Actor,
  query: {
    employeeId?: string | undefined;
    from?: IsoDate | undefined;
    to?: IsoDate | undefined;
    limit: number;
    after?: string | undefined;
  },
  now: Date,
): Promise<{ entries: TimeEntryView[]; nextCursor: string | null }> {
  if (query.from && query.to) {
    if (query.to < query.from) throw new AppError('validation_error', 'to: must not be before from');
    const span = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
    if (span > MAX_LIST_SPAN_DAYS)
      throw new AppError('validation_error', `to: at most ${MAX_LIST_SPAN_DAYS} days after from`);
  }
  const filter = await visibleEmployeesFilter(prisma, actor);
  const visible = (await prisma.employee.findMany({ where: filter, select: { id: true } })).map((e) => e.id);
  const cursor = query.after
    ? await prisma.timeEntry.findFirst({ where: { id: query.after, tenantId: actor.tenant.id } })
    : null;
  if (query.after && !cursor) throw new AppError('validation_error', 'cursor: not the nextCursor of an earlier page');
  const rows = await prisma.timeEntry.findMany({
    where: {
      tenantId: actor.tenant.id,
      employeeId: { in: query.employeeId ? visible.filter((id) => id === query.employeeId) : visible },
      ...(query.from || query.to
        ? {
            date: {
              ...(query.from ? { gte: toDbDate(query.from) } : {}),
              ...(query.to ? { lte: toDbDate(query.to) } : {}),
            },
          }
        : {}),
      ...(cursor
        ? {
            OR: [{ startedAt: { lt: cursor.startedAt } }, { startedAt: cursor.startedAt, id: { lt: cursor.id } }],
          }
        : {}),
    },
    orderBy: [{ startedAt: 'desc' }, { id: 'desc' }],
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    entries: await entryViewsOf(prisma, page, now),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}

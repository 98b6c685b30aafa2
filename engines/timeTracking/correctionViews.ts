import type { Prisma, TimeCorrection } from '../../db/models';
import type { Db } from '../../db/handle';
import { todayIn, type IsoDate } from '../leave/dates';
import { workedMinutesOf } from './timeDays';
import { hoursText, localTimeText } from './timeNotifications';

/** A time correction as the API shows it: the times it asks for, and whether it was decided. */
export interface TimeCorrectionView {
  id: string;
  employeeId: string;
  employeeName: string;
  /** The entry it changes; null: it adds a missing entry. */
  entryId: string | null;
  /** The tenant calendar day its stretch begins on. */
  date: IsoDate;
  startedAt: string;
  endedAt: string;
  breakMinutes: number;
  workedMinutes: number;
  reason: string;
  status: TimeCorrection['status'];
  approvalId: string | null;
  decidedAt: string | null;
  decisionComment: string | null;
  createdAt: string;
}

export async function correctionViewsOf(db: Db, rows: TimeCorrection[]): Promise<TimeCorrectionView[]> {
  if (rows.length === 0) return [];
  const employees = await db.employee.findMany({
    where: { id: { in: [...new Set(rows.map((r) => r.employeeId))] } },
    select: { id: true, name: true },
  });
  const approvals = await db.approvalInstance.findMany({
    where: { requestType: 'time_correction', subjectId: { in: rows.map((r) => r.id) } },
    select: { id: true, subjectId: true },
  });
  const { timeZone } = await db.tenant.findUniqueOrThrow({
    where: { id: rows[0]!.tenantId },
    select: { timeZone: true },
  });
  const names = new Map(employees.map((e) => [e.id, e.name]));
  const approvalOf = new Map(approvals.map((a) => [a.subjectId, a.id]));
  return rows.map((r) => ({
    id: r.id,
    employeeId: r.employeeId,
    employeeName: names.get(r.employeeId) ?? '',
    entryId: r.entryId,
    date: todayIn(timeZone, r.startedAt),
    startedAt: r.startedAt.toISOString(),
    endedAt: r.endedAt.toISOString(),
    breakMinutes: r.breakMinutes,
    workedMinutes: workedMinutesOf(r, r.endedAt),
    reason: r.reason,
    status: r.status,
    approvalId: approvalOf.get(r.id) ?? null,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decisionComment: r.decisionComment,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** What a correction's notifications and approval say of it, in the tenant's local time. */
export async function correctionText(db: Db, c: TimeCorrection): Promise<string> {
  const { timeZone } = await db.tenant.findUniqueOrThrow({ where: { id: c.tenantId }, select: { timeZone: true } });
  const what = c.entryId ? 'a changed entry' : 'a missing entry';
  const until = localTimeText(timeZone, c.endedAt).slice(11);
  return (
    `time correction (${what}) ${localTimeText(timeZone, c.startedAt)} to ${until}, ` +
    `${c.breakMinutes} min break, ${hoursText(workedMinutesOf(c, c.endedAt))} worked: ${c.reason}`
  );
}

/** The data of a correction's webhook events: its view. */
export async function correctionWebhookData(tx: Prisma.TransactionClient, c: TimeCorrection) {
  const [view] = await correctionViewsOf(tx, [c]);
  return { correction: view };
}

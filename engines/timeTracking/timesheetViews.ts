import type { Prisma, Timesheet } from '../../db/models';
import type { Db } from '../../db/handle';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { canSeeEmployee } from '../access/visibility';
import { AppError } from '../appError';
import { addDays, fromDbDate, toDbDate, type IsoDate } from '../leave/dates';
import { mondayOf, weeksOfMonth } from './timeDays';
import { weeksFigures, type WeekFigures } from './timesheetFigures';
import { timeTrackingPolicyOf } from './timePolicy';
import { hoursText } from './timeNotifications';

/** A submitted week as the API shows it: figures fixed when submitted (recomputed by an approved correction). */
export interface TimesheetView {
  id: string;
  employeeId: string;
  employeeName: string;
  weekStart: IsoDate;
  weekEnd: IsoDate;
  status: Timesheet['status'];
  workedMinutes: number;
  targetMinutes: number;
  overtimeMinutes: number;
  warnings: string[];
  approvalId: string | null;
  decidedAt: string | null;
  decisionComment: string | null;
  createdAt: string;
}

export async function timesheetViewsOf(db: Db, rows: Timesheet[]): Promise<TimesheetView[]> {
  if (rows.length === 0) return [];
  const employees = await db.employee.findMany({
    where: { id: { in: [...new Set(rows.map((r) => r.employeeId))] } },
    select: { id: true, name: true },
  });
  const approvals = await db.approvalInstance.findMany({
    where: { requestType: 'timesheet', subjectId: { in: rows.map((r) => r.id) } },
    select: { id: true, subjectId: true },
  });
  const names = new Map(employees.map((e) => [e.id, e.name]));
  const approvalOf = new Map(approvals.map((a) => [a.subjectId, a.id]));
  return rows.map((r) => ({
    id: r.id,
    employeeId: r.employeeId,
    employeeName: names.get(r.employeeId) ?? '',
    weekStart: fromDbDate(r.startDate),
    weekEnd: fromDbDate(r.endDate),
    status: r.status,
    workedMinutes: r.workedMinutes,
    targetMinutes: r.targetMinutes,
    overtimeMinutes: r.overtimeMinutes,
    warnings: r.warnings,
    approvalId: approvalOf.get(r.id) ?? null,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decisionComment: r.decisionComment,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** What a timesheet's notifications and approval say of it. */
export function timesheetText(
  sheet: Pick<Timesheet, 'startDate' | 'endDate' | 'workedMinutes' | 'targetMinutes' | 'overtimeMinutes'>,
) {
  const week = `${sheet.startDate.toISOString().slice(0, 10)} to ${sheet.endDate.toISOString().slice(0, 10)}`;
  return (
    `timesheet ${week}: ${hoursText(sheet.workedMinutes)} worked of ${hoursText(sheet.targetMinutes)}, ` +
    `${hoursText(sheet.overtimeMinutes)} overtime`
  );
}

/** The data of a timesheet's webhook events: its view. */
export async function timesheetWebhookData(tx: Prisma.TransactionClient, sheet: Timesheet) {
  const [view] = await timesheetViewsOf(tx, [sheet]);
  return { timesheet: view };
}

/**
 * Whose time a read is about: the caller's own by default, or someone they may see (404 otherwise, as for any
 * record out of sight).
 */
export async function visibleSubjectId(
  prisma: PrismaClient,
  actor: Actor,
  employeeId: string | undefined,
): Promise<{ id: string; name: string }> {
  const id = employeeId ?? actor.employee?.id;
  if (!id) throw new AppError('validation_error', 'employeeId: this user has no employee record of their own');
  if (!(await canSeeEmployee(prisma, actor, id))) throw new AppError('not_found', `No employee ${id}`);
  const { name } = await prisma.employee.findUniqueOrThrow({ where: { id }, select: { name: true } });
  return { id, name };
}

/** The sign-off of a week: the newest of its timesheets that was not cancelled, if any. */
export type WeekSignOff = { id: string; status: Timesheet['status'] } | null;

async function signOffs(db: Db, employeeId: string, mondays: IsoDate[]): Promise<Map<IsoDate, WeekSignOff>> {
  const rows = await db.timesheet.findMany({
    where: { employeeId, status: { not: 'CANCELLED' }, startDate: { in: mondays.map(toDbDate) } },
    orderBy: { createdAt: 'asc' },
    select: { id: true, status: true, startDate: true },
  });
  return new Map(rows.map((r) => [fromDbDate(r.startDate), { id: r.id, status: r.status }]));
}

export type WeekView = WeekFigures & { timesheet: WeekSignOff };

/** The ISO week (Monday to Sunday) containing `date` of a person the actor may see, as it stands now. */
export async function weeklyTimesheet(
  prisma: PrismaClient,
  actor: Actor,
  query: { employeeId?: string | undefined; date: IsoDate },
  now: Date,
): Promise<{ employeeId: string; employeeName: string; week: WeekView }> {
  const who = await visibleSubjectId(prisma, actor, query.employeeId);
  const policy = await timeTrackingPolicyOf(prisma, actor.tenant.id);
  const monday = mondayOf(query.date);
  const [week] = await weeksFigures(prisma, {
    tenantId: actor.tenant.id,
    employeeId: who.id,
    mondays: [monday],
    policy,
    now,
  });
  const signOff = (await signOffs(prisma, who.id, [monday])).get(monday) ?? null;
  return { employeeId: who.id, employeeName: who.name, week: { ...week!, timesheet: signOff } };
}

/**
 * A month (`YYYY-MM`) of a person the actor may see: the weeks whose Sunday falls in it (so a week is paid with
 * exactly one month, as Payroll pays approved overtime) and their totals.
 */
export async function monthlyTimesheet(
  prisma: PrismaClient,
  actor: Actor,
  query: { employeeId?: string | undefined; month: string },
  now: Date,
): Promise<{
  employeeId: string;
  employeeName: string;
  month: string;
  firstDay: IsoDate;
  lastDay: IsoDate;
  weeks: WeekView[];
  workedMinutes: number;
  targetMinutes: number;
  overtimeMinutes: number;
}> {
  const who = await visibleSubjectId(prisma, actor, query.employeeId);
  const policy = await timeTrackingPolicyOf(prisma, actor.tenant.id);
  const mondays = weeksOfMonth(query.month);
  const weeks = await weeksFigures(prisma, { tenantId: actor.tenant.id, employeeId: who.id, mondays, policy, now });
  const sheets = await signOffs(prisma, who.id, mondays);
  const sum = (key: 'workedMinutes' | 'targetMinutes' | 'overtimeMinutes') =>
    weeks.reduce((total, w) => total + w[key], 0);
  return {
    employeeId: who.id,
    employeeName: who.name,
    month: query.month,
    firstDay: mondays[0]!,
    lastDay: addDays(mondays[mondays.length - 1]!, 6),
    weeks: weeks.map((w) => ({ ...w, timesheet: sheets.get(w.weekStart) ?? null })),
    workedMinutes: sum('workedMinutes'),
    targetMinutes: sum('targetMinutes'),
    overtimeMinutes: sum('overtimeMinutes'),
  };
}

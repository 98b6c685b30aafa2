import type { Prisma, Timesheet, TimesheetStatus } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { visibleEmployeesFilter } from '../access/visibility';
import { AppError } from '../appError';
import { lockApprovalOf, withdrawApproval } from '../approvalFlows/withdrawApproval';
import { openApproval } from '../approvalFlows/openApproval';
import type { Clock } from '../clock';
import { addDays, dayOfWeek, toDbDate, type IsoDate } from '../leave/dates';
import { tenantToday } from '../leave/tenantCalendar';
import { lockEmployee } from '../people/employeeLock';
import { emitTimeTrackingWebhookEvent } from '../webhooks/emitters';
import { requireOwnOrHr } from './entryRules';
import { mondayOf } from './timeDays';
import { weeksFigures } from './timesheetFigures';
import { timesheetApprovalSubject } from './timesheetApprovalSubject';
import { timesheetText, timesheetViewsOf, timesheetWebhookData, type TimesheetView } from './timesheetViews';
import { notifyTimeTracking } from './timeNotifications';
import { timeTrackingPolicyOf } from './timePolicy';
import { workingDaysOf } from './timeTargets';

/**
 * Weekly sign-off (company API, Time Tracking): a person submits an ISO week that has ended; its figures are fixed
 * and its entries locked while it is SUBMITTED or APPROVED (changes then go through a correction); the approval
 * (request type `timesheet`) decides it through Approval Flows. A rejected or cancelled week is editable again and
 * submitted anew as a new timesheet. The overtime of APPROVED weeks is what Payroll pays (overtimeToPay.ts).
 */

type Tx = Prisma.TransactionClient;

/** A timesheet of someone the actor may see; 404 otherwise. */
export async function findVisibleTimesheet(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
): Promise<{ row: Timesheet; view: TimesheetView }> {
  const filter = await visibleEmployeesFilter(prisma, actor);
  const row = await prisma.timesheet.findFirst({ where: { id, tenantId: actor.tenant.id } });
  const visible = row && (await prisma.employee.count({ where: { AND: [filter, { id: row.employeeId }] } })) > 0;
  if (!row || !visible) throw new AppError('not_found', `No timesheet ${id}`);
  const [view] = await timesheetViewsOf(prisma, [row]);
  return { row, view: view! };
}

/** Timesheets of the people the actor may see, newest first, a page at a time. */
export async function listTimesheets(
  prisma: PrismaClient,
  actor: Actor,
  query: {
    employeeId?: string | undefined;
    status?: TimesheetStatus | undefined;
    limit: number;
    after?: string | undefined;
  },
): Promise<{ timesheets: TimesheetView[]; nextCursor: string | null }> {
  const filter = await visibleEmployeesFilter(prisma, actor);
  const visible = (await prisma.employee.findMany({ where: filter, select: { id: true } })).map((e) => e.id);
  const rows = await prisma.timesheet.findMany({
    where: {
      tenantId: actor.tenant.id,
      employeeId: { in: query.employeeId ? visible.filter((id) => id === query.employeeId) : visible },
      ...(query.status ? { status: query.status } : {}),
      ...(query.after ? { id: { lt: query.after } } : {}),
    },
    orderBy: { id: 'desc' },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    timesheets: await timesheetViewsOf(prisma, page),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}

/**
 * Submits the actor's own week beginning on `weekStart` (a Monday whose Sunday is before today): 400 naming
 * weekStart otherwise; 409 while an entry of the week is open, or when the week is already SUBMITTED or APPROVED.
 * Opens its approval; its workflow starts after commit (`start`).
 */
export async function submitTimesheet(
  prisma: PrismaClient,
  actor: Actor,
  input: { weekStart: IsoDate },
  opts: { clock: Clock; start?: (ref: { tenantId: string; instanceId: string }) => Promise<void> },
): Promise<TimesheetView> {
  const self = actor.employee;
  if (!self) throw new AppError('forbidden', 'Only employees submit timesheets: this user has none');
  if (dayOfWeek(input.weekStart) !== 1) throw new AppError('validation_error', 'weekStart: must be a Monday');
  const weekEnd = addDays(input.weekStart, 6);
  const { today } = await tenantToday(prisma, actor.tenant.id, opts.clock);
  if (weekEnd >= today)
    throw new AppError('validation_error', `weekStart: the week must have ended (its Sunday is ${weekEnd})`);
  const tenantId = actor.tenant.id;
  const now = opts.clock.now();

  const { id, approvalId } = await prisma.$transaction(async (tx) => {
    const employee = await lockEmployee(tx, tenantId, self.id);
    const taken = await tx.timesheet.findFirst({
      where: { employeeId: self.id, startDate: toDbDate(input.weekStart), status: { in: ['SUBMITTED', 'APPROVED'] } },
    });
    if (taken) throw new AppError('conflict', `This week is already ${taken.status} (timesheet ${taken.id})`);
    const policy = await timeTrackingPolicyOf(tx, tenantId);
    const [week] = await weeksFigures(tx, { tenantId, employeeId: self.id, mondays: [input.weekStart], policy, now });
    const open = week!.days.find((d) => d.openEntryId);
    if (open) {
      throw new AppError(
        'conflict',
        `Entry ${open.openEntryId} of ${open.date} is still open: clock out or fix it first`,
      );
    }
    const sheet = await tx.timesheet.create({
      data: {
        tenantId,
        employeeId: self.id,
        startDate: toDbDate(input.weekStart),
        endDate: toDbDate(weekEnd),
        status: 'SUBMITTED',
        workedMinutes: week!.workedMinutes,
        targetMinutes: week!.targetMinutes,
        overtimeMinutes: week!.overtimeMinutes,
        warnings: week!.warnings,
        createdByUserId: actor.user.id,
      },
    });
    const targets = new Map(week!.days.map((d) => [d.date, d.targetMinutes]));
    const approval = await openApproval(tx, timesheetApprovalSubject, {
      tenantId,
      subjectId: sheet.id,
      subjectEmployeeId: self.id,
      requesterUserId: actor.user.id,
      facts: { days: workingDaysOf(targets) },
      summary: `${timesheetText(sheet).replace(/^t/, 'T')} (${employee.name})`,
      at: new Date(),
    });
    await emitTimeTrackingWebhookEvent(
      tx,
      'time_tracking.timesheet.submitted',
      sheet,
      await timesheetWebhookData(tx, sheet),
    );
    return { id: sheet.id, approvalId: approval.id };
  });
  await opts.start?.({ tenantId, instanceId: approvalId });
  return (await findVisibleTimesheet(prisma, actor, id)).view;
}

/**
 * Withdraws a SUBMITTED timesheet (the person's own, or anyone's as HR): its approval ends, those asked are told,
 * and the week is editable again.
 */
export async function cancelTimesheet(prisma: PrismaClient, actor: Actor, id: string): Promise<TimesheetView> {
  const { row } = await findVisibleTimesheet(prisma, actor, id);
  requireOwnOrHr(actor, row.employeeId, 'withdraw a timesheet');
  await prisma.$transaction(async (tx) => {
    await lockEmployee(tx, actor.tenant.id, row.employeeId);
    const current = await tx.timesheet.findUniqueOrThrow({ where: { id } });
    if (current.status !== 'SUBMITTED') throw new AppError('conflict', `This timesheet is already ${current.status}`);
    const approval = await lockApprovalOf(tx, 'timesheet', id);
    const cancelled = await tx.timesheet.update({ where: { id }, data: { status: 'CANCELLED' } });
    const asked = await withdrawApproval(tx, approval, new Date());
    await notifyTimeTracking(tx, actor.tenant.id, asked, 'time_tracking.timesheet_cancelled', {
      employeeId: cancelled.employeeId,
      what: timesheetText(cancelled),
      data: { timesheetId: id },
    });
    await emitTimeTrackingWebhookEvent(
      tx,
      'time_tracking.timesheet.cancelled',
      cancelled,
      await timesheetWebhookData(tx, cancelled),
    );
  });
  return (await findVisibleTimesheet(prisma, actor, id)).view;
}

/**
 * Recomputes the figures of the person's SUBMITTED or APPROVED timesheet of the week containing `date`, after an
 * approved correction changed its entries (inside that transaction): an approved week's overtime is what Payroll
 * pays, so it must follow the corrected entries.
 */
export async function recomputeTimesheetOf(tx: Tx, tenantId: string, employeeId: string, date: IsoDate, now: Date) {
  const monday = mondayOf(date);
  const sheet = await tx.timesheet.findFirst({
    where: { employeeId, startDate: toDbDate(monday), status: { in: ['SUBMITTED', 'APPROVED'] } },
  });
  if (!sheet) return;
  const policy = await timeTrackingPolicyOf(tx, tenantId);
  const [week] = await weeksFigures(tx, { tenantId, employeeId, mondays: [monday], policy, now });
  await tx.timesheet.update({
    where: { id: sheet.id },
    data: {
      workedMinutes: week!.workedMinutes,
      targetMinutes: week!.targetMinutes,
      overtimeMinutes: week!.overtimeMinutes,
      warnings: week!.warnings,
    },
  });
}

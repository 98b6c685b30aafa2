import type { Prisma, WorkFromAnywhereRequest, WorkFromAnywhereStatus } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { isHrRole } from '../access/roles';
import { visibleEmployeesFilter } from '../access/visibility';
import { AppError } from '../appError';
import { openApproval } from '../approvalFlows/openApproval';
import { lockApprovalOf, withdrawApproval } from '../approvalFlows/withdrawApproval';
import type { Clock } from '../clock';
import { fromDbDate, toDbDate, type IsoDate } from '../leave/dates';
import { lockEmployee } from '../people/employeeLock';
import { tenantToday } from '../leave/tenantCalendar';
import { emitWfaWebhookEvent } from '../webhooks/emitters';
import { wfaApprovalSubject } from './wfaApprovalSubject';
import { breachesOf, daysByYear, daysIn } from './wfaDays';
import { notifyWfa } from './wfaNotifications';
import { wfaPolicyOf } from './wfaPolicy';

/**
 * Work From Anywhere requests (company API, company-api.md): an employee asks to work from a country and city for
 * some days. The days count against the tenant's yearly allowance (pending and approved requests); a request over
 * it, or to a country the policy does not allow, is a policy breach, which the built-in approval flow sends to HR
 * after the manager. Requests of one person never overlap.
 */

export const MAX_WFA_DAYS = 366;

export interface WfaRequestView {
  id: string;
  employeeId: string;
  employeeName: string;
  country: string;
  city: string;
  startDate: IsoDate;
  endDate: IsoDate;
  days: number;
  reason: string | null;
  status: WorkFromAnywhereStatus;
  breaches: string[];
  approvalId: string | null;
  decidedAt: string | null;
  decisionComment: string | null;
  createdAt: string;
}

async function viewsOf(db: PrismaClient, rows: WorkFromAnywhereRequest[]): Promise<WfaRequestView[]> {
  if (rows.length === 0) return [];
  const employees = await db.employee.findMany({
    where: { id: { in: [...new Set(rows.map((r) => r.employeeId))] } },
    select: { id: true, name: true },
  });
  const approvals = await db.approvalInstance.findMany({
    where: { requestType: 'work_from_anywhere', subjectId: { in: rows.map((r) => r.id) } },
    select: { id: true, subjectId: true },
  });
  const names = new Map(employees.map((e) => [e.id, e.name]));
  const approvalOf = new Map(approvals.map((a) => [a.subjectId, a.id]));
  return rows.map((r) => ({
    id: r.id,
    employeeId: r.employeeId,
    employeeName: names.get(r.employeeId) ?? '',
    country: r.country,
    city: r.city,
    startDate: fromDbDate(r.startDate),
    endDate: fromDbDate(r.endDate),
    days: r.days,
    reason: r.reason,
    status: r.status,
    breaches: r.breaches,
    approvalId: approvalOf.get(r.id) ?? null,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decisionComment: r.decisionComment,
    createdAt: r.createdAt.toISOString(),
  }));
}

const OPEN: WorkFromAnywhereStatus[] = ['PENDING', 'APPROVED'];

/** Days of the employee's open requests that fall in `year`. */
async function usedDays(tx: Prisma.TransactionClient, employeeId: string, year: number): Promise<number> {
  const open = await tx.workFromAnywhereRequest.findMany({
    where: {
      employeeId,
      status: { in: OPEN },
      startDate: { lte: toDbDate(`${year}-12-31` as IsoDate) },
      endDate: { gte: toDbDate(`${year}-01-01` as IsoDate) },
    },
    select: { startDate: true, endDate: true },
  });
  return open.reduce((sum, r) => sum + daysIn(fromDbDate(r.startDate), fromDbDate(r.endDate), year), 0);
}

export interface NewWfaRequest {
  country: string;
  city: string;
  startDate: IsoDate;
  endDate: IsoDate;
  reason?: string | undefined;
}

/**
 * Asks to work from `country`/`city` for the days given, for the actor's own employee record. 400 naming the field
 * for dates that end before they start, start in the past or span more than a year; 409 when it overlaps another
 * open request of theirs. Opens its approval and, after commit, its approval workflow (`start`).
 */
export async function createWfaRequest(
  prisma: PrismaClient,
  actor: Actor,
  input: NewWfaRequest,
  opts: { clock: Clock; start?: (ref: { tenantId: string; instanceId: string }) => Promise<void> },
): Promise<WfaRequestView> {
  const self = actor.employee;
  if (!self) throw new AppError('forbidden', 'Only employees can ask to work from anywhere: this user has none');
  if (input.endDate < input.startDate) throw new AppError('validation_error', 'endDate: must not be before startDate');
  const { today } = await tenantToday(prisma, actor.tenant.id, opts.clock);
  if (input.startDate < today) throw new AppError('validation_error', `startDate: must be today (${today}) or later`);
  // The span is checked before any day is counted one by one: a far end date must cost nothing.
  const days = Math.round((Date.parse(input.endDate) - Date.parse(input.startDate)) / 86_400_000) + 1;
  if (days > MAX_WFA_DAYS)
    throw new AppError('validation_error', `endDate: a request spans at most ${MAX_WFA_DAYS} days`);
  const requestDays = daysByYear(input.startDate, input.endDate);
  const tenantId = actor.tenant.id;

  const { id, approvalId } = await prisma.$transaction(async (tx) => {
    const employee = await lockEmployee(tx, tenantId, self.id);
    const overlapping = await tx.workFromAnywhereRequest.findFirst({
      where: {
        employeeId: employee.id,
        status: { in: OPEN },
        startDate: { lte: toDbDate(input.endDate) },
        endDate: { gte: toDbDate(input.startDate) },
      },
    });
    if (overlapping) {
      throw new AppError(
        'conflict',
        `It overlaps request ${overlapping.id} (${fromDbDate(overlapping.startDate)} to ${fromDbDate(overlapping.endDate)}, ${overlapping.status})`,
      );
    }
    const policy = await wfaPolicyOf(tx, tenantId);
    const used = new Map<number, number>();
    for (const year of requestDays.keys()) used.set(year, await usedDays(tx, employee.id, year));
    const breaches = breachesOf({ country: input.country, requestDays, usedDays: (y) => used.get(y) ?? 0, policy });
    const request = await tx.workFromAnywhereRequest.create({
      data: {
        tenantId,
        employeeId: employee.id,
        country: input.country,
        city: input.city,
        startDate: toDbDate(input.startDate),
        endDate: toDbDate(input.endDate),
        days,
        reason: input.reason?.trim() || null,
        status: 'PENDING',
        breaches,
        createdByUserId: actor.user.id,
      },
    });
    const approval = await openApproval(tx, wfaApprovalSubject, {
      tenantId,
      subjectId: request.id,
      subjectEmployeeId: employee.id,
      requesterUserId: actor.user.id,
      facts: { days, country: input.country, policyBreach: breaches.length > 0 },
      summary: `Work from ${input.city}, ${input.country}, ${input.startDate} to ${input.endDate} (${days} days) for ${employee.name}`,
      at: new Date(),
    });
    await emitWfaWebhookEvent(tx, 'work_from_anywhere.request.created', request);
    return { id: request.id, approvalId: approval.id };
  });
  await opts.start?.({ tenantId, instanceId: approvalId });
  return (await findVisibleWfaRequest(prisma, actor, id)).view;
}

/** A request of someone the actor may see; 404 otherwise (no existence leak). */
export async function findVisibleWfaRequest(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
): Promise<{ row: WorkFromAnywhereRequest; view: WfaRequestView }> {
  const filter = await visibleEmployeesFilter(prisma, actor);
  const row = await prisma.workFromAnywhereRequest.findFirst({ where: { id, tenantId: actor.tenant.id } });
  const visible = row && (await prisma.employee.count({ where: { AND: [filter, { id: row.employeeId }] } })) > 0;
  if (!row || !visible) throw new AppError('not_found', `No work from anywhere request ${id}`);
  const [view] = await viewsOf(prisma, [row]);
  return { row, view: view! };
}

/** Requests of the people the actor may see, newest first, a page at a time. */
export async function listWfaRequests(
  prisma: PrismaClient,
  actor: Actor,
  query: {
    employeeId?: string | undefined;
    status?: WorkFromAnywhereStatus | undefined;
    limit: number;
    after?: string | undefined;
  },
): Promise<{ requests: WfaRequestView[]; nextCursor: string | null }> {
  const filter = await visibleEmployeesFilter(prisma, actor);
  const visible = await prisma.employee.findMany({ where: filter, select: { id: true } });
  const rows = await prisma.workFromAnywhereRequest.findMany({
    where: {
      tenantId: actor.tenant.id,
      employeeId: query.employeeId
        ? { in: visible.some((e) => e.id === query.employeeId) ? [query.employeeId] : [] }
        : { in: visible.map((e) => e.id) },
      ...(query.status ? { status: query.status } : {}),
      ...(query.after ? { id: { lt: query.after } } : {}),
    },
    orderBy: { id: 'desc' },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    requests: await viewsOf(prisma, page),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}

/**
 * Cancels a request while PENDING, or APPROVED and not begun: the employee's own, or anyone's as HR. Its days go
 * back to the allowance, its approval ends, and those asked to decide it are told.
 */
export async function cancelWfaRequest(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  opts: { clock: Clock },
): Promise<WfaRequestView> {
  const { row } = await findVisibleWfaRequest(prisma, actor, id);
  if (actor.employee?.id !== row.employeeId && !isHrRole(actor.user.role)) {
    throw new AppError('forbidden', 'Only the employee a request is for, or HR, can cancel it');
  }
  const { today } = await tenantToday(prisma, actor.tenant.id, opts.clock);
  await prisma.$transaction(async (tx) => {
    await lockEmployee(tx, actor.tenant.id, row.employeeId);
    const current = await tx.workFromAnywhereRequest.findUniqueOrThrow({ where: { id } });
    if (current.status === 'APPROVED' && fromDbDate(current.startDate) <= today) {
      throw new AppError(
        'conflict',
        `This request began on ${fromDbDate(current.startDate)}; it can no longer be cancelled`,
      );
    }
    if (current.status !== 'PENDING' && current.status !== 'APPROVED') {
      throw new AppError('conflict', `This request is already ${current.status}`);
    }
    const approval = await lockApprovalOf(tx, 'work_from_anywhere', id);
    const cancelled = await tx.workFromAnywhereRequest.update({ where: { id }, data: { status: 'CANCELLED' } });
    const asked = await withdrawApproval(tx, approval, new Date());
    await notifyWfa(tx, actor.tenant.id, asked, 'work_from_anywhere.cancelled', cancelled);
    await emitWfaWebhookEvent(tx, 'work_from_anywhere.request.cancelled', cancelled);
  });
  return (await findVisibleWfaRequest(prisma, actor, id)).view;
}

/**
 * Who works from elsewhere between `from` and `to` (both included; one day when they are equal): approved requests
 * overlapping those days, of the people the actor may see. The operation bounds the span (listPeopleAbroad.ts).
 */
export async function peopleAbroad(
  prisma: PrismaClient,
  actor: Actor,
  days: { from: IsoDate; to: IsoDate },
): Promise<WfaRequestView[]> {
  const filter = await visibleEmployeesFilter(prisma, actor);
  const visible = await prisma.employee.findMany({ where: filter, select: { id: true } });
  const rows = await prisma.workFromAnywhereRequest.findMany({
    where: {
      tenantId: actor.tenant.id,
      employeeId: { in: visible.map((e) => e.id) },
      status: 'APPROVED',
      startDate: { lte: toDbDate(days.to) },
      endDate: { gte: toDbDate(days.from) },
    },
    orderBy: [{ country: 'asc' }, { id: 'asc' }],
    take: 1000,
  });
  return viewsOf(prisma, rows);
}

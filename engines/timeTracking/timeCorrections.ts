import type { TimeCorrection, TimeCorrectionStatus } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { visibleEmployeesFilter } from '../access/visibility';
import { AppError } from '../appError';
import { lockApprovalOf, withdrawApproval } from '../approvalFlows/withdrawApproval';
import { openApproval } from '../approvalFlows/openApproval';
import { fromDbDate } from '../leave/dates';
import { requireOpenPayPeriod } from '../payroll/periodLock';
import { lockEmployee } from '../people/employeeLock';
import { emitTimeTrackingWebhookEvent } from '../webhooks/emitters';
import { correctionApprovalSubject } from './correctionApprovalSubject';
import { correctionText, correctionViewsOf, correctionWebhookData, type TimeCorrectionView } from './correctionViews';
import { checkClosedStretch, requireNoOverlap, requireOwnOrHr, subjectEmployeeId, tenantDayOf } from './entryRules';
import { findVisibleEntry } from './timeEntryViews';
import { notifyTimeTracking } from './timeNotifications';

/**
 * Time corrections (company API, Time Tracking): a person (or HR for them) asks to change one of their entries, or
 * to add one they missed, with a reason; Approval Flows decides (request type `time_correction`, the manager by default) and the
 * last approval applies it (applyCorrection.ts). The way to change a week already submitted or approved.
 */

export interface NewTimeCorrection {
  /** Whose missing entry (HR roles for someone else); with `entryId`, the entry's person. */
  employeeId?: string | undefined;
  entryId?: string | undefined;
  startedAt: Date;
  endedAt: Date;
  breakMinutes: number;
  reason: string;
}

/** A correction of someone the actor may see; 404 otherwise. */
export async function findVisibleCorrection(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
): Promise<{ row: TimeCorrection; view: TimeCorrectionView }> {
  const filter = await visibleEmployeesFilter(prisma, actor);
  const row = await prisma.timeCorrection.findFirst({ where: { id, tenantId: actor.tenant.id } });
  const visible = row && (await prisma.employee.count({ where: { AND: [filter, { id: row.employeeId }] } })) > 0;
  if (!row || !visible) throw new AppError('not_found', `No time correction ${id}`);
  const [view] = await correctionViewsOf(prisma, [row]);
  return { row, view: view! };
}

/** Corrections of the people the actor may see, newest first, a page at a time. */
export async function listTimeCorrections(
  prisma: PrismaClient,
  actor: Actor,
  query: {
    employeeId?: string | undefined;
    status?: TimeCorrectionStatus | undefined;
    limit: number;
    after?: string | undefined;
  },
): Promise<{ corrections: TimeCorrectionView[]; nextCursor: string | null }> {
  const filter = await visibleEmployeesFilter(prisma, actor);
  const visible = (await prisma.employee.findMany({ where: filter, select: { id: true } })).map((e) => e.id);
  const rows = await prisma.timeCorrection.findMany({
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
    corrections: await correctionViewsOf(prisma, page),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}

/**
 * Asks to correct an entry (`entryId`: closed, without another pending correction) or to add a missing one: one's
 * own, or, as HR, anyone's (a payroll administrator fixing a signed-off week). The rules of a posted entry (400
 * naming the field) and, checked now and again on approval, no overlap and no CLOSED pay period (409). Opens its
 * approval, decided as the person's own request would be; its workflow starts after commit (`start`).
 */
export async function createTimeCorrection(
  prisma: PrismaClient,
  actor: Actor,
  input: NewTimeCorrection,
  opts: { now: Date; start?: (ref: { tenantId: string; instanceId: string }) => Promise<void> },
): Promise<TimeCorrectionView> {
  const tenantId = actor.tenant.id;
  let employeeId: string;
  if (input.entryId) {
    const { row } = await findVisibleEntry(prisma, actor, input.entryId, opts.now);
    if (input.employeeId !== undefined && input.employeeId !== row.employeeId) {
      throw new AppError('validation_error', 'employeeId: the entry is another employee’s; leave employeeId out');
    }
    requireOwnOrHr(actor, row.employeeId, 'ask to correct an entry');
    if (!row.endedAt) throw new AppError('conflict', 'This entry is open: clock out before correcting it');
    employeeId = row.employeeId;
  } else {
    employeeId = await subjectEmployeeId(prisma, actor, input.employeeId, 'ask for a time correction');
  }
  checkClosedStretch(input, opts.now);
  const date = await tenantDayOf(prisma, tenantId, input.startedAt);

  const { id, approvalId } = await prisma.$transaction(async (tx) => {
    const employee = await lockEmployee(tx, tenantId, employeeId);
    if (input.entryId) {
      const pending = await tx.timeCorrection.findFirst({ where: { entryId: input.entryId, status: 'PENDING' } });
      if (pending) throw new AppError('conflict', `Correction ${pending.id} of this entry is already PENDING`);
      const entry = await tx.timeEntry.findUnique({ where: { id: input.entryId } });
      if (!entry) throw new AppError('not_found', `No time entry ${input.entryId}`);
      await requireOpenPayPeriod(tx, tenantId, fromDbDate(entry.date), 'a time correction');
    }
    await requireNoOverlap(tx, employeeId, input, input.entryId);
    await requireOpenPayPeriod(tx, tenantId, date, 'a time correction');
    const correction = await tx.timeCorrection.create({
      data: {
        tenantId,
        employeeId,
        entryId: input.entryId ?? null,
        startedAt: input.startedAt,
        endedAt: input.endedAt,
        breakMinutes: input.breakMinutes,
        reason: input.reason.trim(),
        status: 'PENDING',
        createdByUserId: actor.user.id,
      },
    });
    const text = await correctionText(tx, correction);
    const approval = await openApproval(tx, correctionApprovalSubject, {
      tenantId,
      subjectId: correction.id,
      subjectEmployeeId: employeeId,
      requesterUserId: actor.user.id,
      facts: { days: 1 },
      summary: `${text.replace(/^t/, 'T')} (${employee.name})`.slice(0, 500),
      at: new Date(),
    });
    await emitTimeTrackingWebhookEvent(
      tx,
      'time_tracking.correction.submitted',
      correction,
      await correctionWebhookData(tx, correction),
    );
    return { id: correction.id, approvalId: approval.id };
  });
  await opts.start?.({ tenantId, instanceId: approvalId });
  return (await findVisibleCorrection(prisma, actor, id)).view;
}

/** Withdraws a PENDING correction (one's own, or anyone's as HR): its approval ends and those asked are told. */
export async function cancelTimeCorrection(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
): Promise<TimeCorrectionView> {
  const { row } = await findVisibleCorrection(prisma, actor, id);
  requireOwnOrHr(actor, row.employeeId, 'withdraw a time correction');
  await prisma.$transaction(async (tx) => {
    await lockEmployee(tx, actor.tenant.id, row.employeeId);
    const current = await tx.timeCorrection.findUniqueOrThrow({ where: { id } });
    if (current.status !== 'PENDING') throw new AppError('conflict', `This correction is already ${current.status}`);
    const approval = await lockApprovalOf(tx, 'time_correction', id);
    const cancelled = await tx.timeCorrection.update({ where: { id }, data: { status: 'CANCELLED' } });
    const asked = await withdrawApproval(tx, approval, new Date());
    await notifyTimeTracking(tx, actor.tenant.id, asked, 'time_tracking.correction_cancelled', {
      employeeId: cancelled.employeeId,
      what: await correctionText(tx, cancelled),
      data: { timeCorrectionId: id, entryId: cancelled.entryId },
    });
    await emitTimeTrackingWebhookEvent(
      tx,
      'time_tracking.correction.cancelled',
      cancelled,
      await correctionWebhookData(tx, cancelled),
    );
  });
  return (await findVisibleCorrection(prisma, actor, id)).view;
}

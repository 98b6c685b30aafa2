import type { Prisma, ReviewCycleStatus } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { visibleCyclesFilter } from '../access/performanceAccess';
import { requireHrRole } from '../access/requireHrRole';
import { AppError } from '../appError';
import type { Clock } from '../clock';
import { addDays, daysBetween, fromDbDate, toDbDate, type IsoDate } from '../leave/dates';
import { tenantToday } from '../leave/tenantCalendar';
import { notifyPerformance } from './performanceNotifications';
import { emitPerformanceWebhookEvent } from './performanceWebhooks';
import type { ReviewCycleRef } from './reviewCyclePort';
import {
  cycleView,
  findVisibleCycle,
  lockCycle,
  type ReviewCycleView,
  type ReviewKind,
  type ReviewQuestion,
} from './reviewCycleViews';

/**
 * Review cycles (company-api.md, Performance), HR's: a draft is launched (SCHEDULED), its workflow opens the reviews
 * on `opensOn`, reminds once and closes it after `closesOn` (reviewCycleProcess.ts); HR releases a CLOSED cycle,
 * after which the subjects read their ratings. A cycle not closed yet may be cancelled.
 */

/** How far ahead a cycle may open, and how long it may stay open or review. */
export const MAX_DAYS_AHEAD = 731;
export const MAX_OPEN_DAYS = 366;
export const MAX_PERIOD_DAYS = 731;

export interface NewReviewCycle {
  name: string;
  periodStart: IsoDate;
  periodEnd: IsoDate;
  opensOn: IsoDate;
  closesOn: IsoDate;
  reviewKinds: ReviewKind[];
  questions: ReviewQuestion[];
  departmentId?: string | undefined;
}

const bad = (message: string) => new AppError('validation_error', message);

/** Creates a DRAFT cycle (HR). Dates: the period in order, opening today or later, closing on or after it. */
export async function createReviewCycle(
  prisma: PrismaClient,
  actor: Actor,
  input: NewReviewCycle,
  clock: Clock,
): Promise<ReviewCycleView> {
  requireHrRole(actor, 'create review cycles');
  const tenantId = actor.tenant.id;
  const { today } = await tenantToday(prisma, tenantId, clock);
  if (input.periodEnd < input.periodStart) throw bad('periodEnd: must be on or after periodStart');
  if (daysBetween(input.periodStart, input.periodEnd) > MAX_PERIOD_DAYS) {
    throw bad(`periodEnd: the period is at most ${MAX_PERIOD_DAYS} days long`);
  }
  if (input.opensOn < today) throw bad(`opensOn: must be today (${today}) or later`);
  if (input.opensOn > addDays(today, MAX_DAYS_AHEAD)) throw bad(`opensOn: at most ${MAX_DAYS_AHEAD} days ahead`);
  if (input.closesOn < input.opensOn) throw bad('closesOn: must be on or after opensOn');
  if (daysBetween(input.opensOn, input.closesOn) > MAX_OPEN_DAYS) {
    throw bad(`closesOn: a cycle stays open at most ${MAX_OPEN_DAYS} days`);
  }
  const ids = new Set<string>();
  input.questions.forEach((q, i) => {
    if (ids.has(q.id)) throw bad(`questions.${i}.id: another question has the id ${q.id}`);
    ids.add(q.id);
  });
  if (input.departmentId) {
    const department = await prisma.department.findFirst({ where: { id: input.departmentId, tenantId } });
    if (!department) throw bad(`departmentId: no department ${input.departmentId} in this workspace`);
  }
  const row = await prisma.$transaction(async (tx) => {
    const cycle = await tx.reviewCycle.create({
      data: {
        tenantId,
        name: input.name.trim(),
        periodStart: toDbDate(input.periodStart),
        periodEnd: toDbDate(input.periodEnd),
        opensOn: toDbDate(input.opensOn),
        closesOn: toDbDate(input.closesOn),
        reviewKinds: [...new Set(input.reviewKinds)],
        questions: input.questions.map((q) => ({ id: q.id, text: q.text.trim(), type: q.type })),
        departmentId: input.departmentId ?? null,
        status: 'DRAFT',
        createdByUserId: actor.user.id,
      },
    });
    return cycle;
  });
  return cycleView(row);
}

export async function getReviewCycle(prisma: PrismaClient, actor: Actor, id: string): Promise<ReviewCycleView> {
  return cycleView(await findVisibleCycle(prisma, actor, id));
}

/** The cycles `actor` may read (drafts: HR only), newest first, a page at a time. */
export async function listReviewCycles(
  prisma: PrismaClient,
  actor: Actor,
  query: { status?: ReviewCycleStatus | undefined; limit: number; after?: string | undefined },
): Promise<{ cycles: ReviewCycleView[]; nextCursor: string | null }> {
  const rows = await prisma.reviewCycle.findMany({
    where: {
      AND: [
        visibleCyclesFilter(actor),
        query.status ? { status: query.status } : {},
        query.after ? { id: { lt: query.after } } : {},
      ],
    },
    orderBy: { id: 'desc' },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    cycles: page.map(cycleView),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}

/** Runs `change` on the locked cycle after HR's check; 404 for a cycle that does not exist in the workspace. */
async function changeCycle(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  what: string,
  change: (tx: Prisma.TransactionClient, cycle: NonNullable<Awaited<ReturnType<typeof lockCycle>>>) => Promise<void>,
): Promise<ReviewCycleView> {
  requireHrRole(actor, what);
  await findVisibleCycle(prisma, actor, id);
  await prisma.$transaction(async (tx) => {
    const cycle = await lockCycle(tx, actor.tenant.id, id);
    if (!cycle) throw new AppError('not_found', `No review cycle ${id}`);
    await change(tx, cycle);
  });
  return getReviewCycle(prisma, actor, id);
}

/**
 * Launches a DRAFT cycle (HR): SCHEDULED, and, after commit, `start` starts its workflow, which opens the reviews
 * when `opensOn` begins (at once when that day has come); a start Temporal missed is the reconciler's. A
 * SCHEDULED cycle launched again is answered as it is. 409 in other statuses, or when its last day has passed.
 */
export async function launchReviewCycle(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  opts: { clock: Clock; start?: (ref: ReviewCycleRef) => Promise<void> },
): Promise<ReviewCycleView> {
  const { today } = await tenantToday(prisma, actor.tenant.id, opts.clock);
  await changeCycle(prisma, actor, id, 'launch review cycles', async (tx, cycle) => {
    // Launching twice (a retry without an Idempotency-Key) answers the cycle as it is.
    if (cycle.status === 'SCHEDULED') return;
    if (cycle.status !== 'DRAFT') throw new AppError('conflict', `This review cycle is already ${cycle.status}`);
    if (fromDbDate(cycle.closesOn) < today) {
      throw new AppError('conflict', `This review cycle closed on ${fromDbDate(cycle.closesOn)}, before today`);
    }
    await tx.reviewCycle.update({ where: { id }, data: { status: 'SCHEDULED' } });
  });
  await opts.start?.({ tenantId: actor.tenant.id, cycleId: id });
  return getReviewCycle(prisma, actor, id);
}

/**
 * Cancels a cycle not closed yet (DRAFT, SCHEDULED, OPEN), HR: its open reviews expire. The caller tells the
 * workflow after commit, which then ends. 409 once CLOSED, RELEASED or CANCELLED.
 */
export async function cancelReviewCycle(prisma: PrismaClient, actor: Actor, id: string): Promise<ReviewCycleView> {
  return changeCycle(prisma, actor, id, 'cancel review cycles', async (tx, cycle) => {
    if (!['DRAFT', 'SCHEDULED', 'OPEN'].includes(cycle.status)) {
      throw new AppError('conflict', `This review cycle is already ${cycle.status}`);
    }
    await tx.review.updateMany({ where: { cycleId: id, status: 'OPEN' }, data: { status: 'EXPIRED' } });
    await tx.reviewCycle.update({ where: { id }, data: { status: 'CANCELLED' } });
  });
}

/**
 * Releases a CLOSED cycle (HR): from now on each person reads the submitted reviews of them, ratings included, and
 * is told so. 409 in any other status.
 */
export async function releaseReviewCycle(prisma: PrismaClient, actor: Actor, id: string): Promise<ReviewCycleView> {
  return changeCycle(prisma, actor, id, 'release review cycles', async (tx, cycle) => {
    if (cycle.status !== 'CLOSED') {
      throw new AppError('conflict', `Only a CLOSED review cycle is released; this one is ${cycle.status}`);
    }
    const released = await tx.reviewCycle.update({
      where: { id },
      data: { status: 'RELEASED', releasedAt: new Date() },
    });
    const subjects = await tx.review.findMany({
      where: { cycleId: id, status: 'SUBMITTED' },
      distinct: ['subjectId'],
      select: { subjectId: true },
    });
    const people = await tx.employee.findMany({
      where: { id: { in: subjects.map((s) => s.subjectId) } },
      select: { userId: true },
    });
    await notifyPerformance(
      tx,
      people.map((p) => p.userId),
      'performance.results_released',
      { id, tenantId: cycle.tenantId, name: cycle.name, closesOn: fromDbDate(cycle.closesOn) },
    );
    await emitPerformanceWebhookEvent(tx, 'performance.cycle.released', cycle.tenantId, {
      reviewCycleId: id,
      name: cycle.name,
      status: released.status,
    });
  });
}

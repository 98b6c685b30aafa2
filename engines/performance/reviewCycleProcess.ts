import type { Prisma, ReviewCycleStatus } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { fromDbDate, type IsoDate } from '../leave/dates';
import { cycleTimeline, type CycleTimeline } from './cycleTimeline';
import { notifyPerformance } from './performanceNotifications';
import { emitPerformanceWebhookEvent } from './performanceWebhooks';
import type { ReviewCycleRef } from './reviewCyclePort';
import { lockCycle } from './reviewCycleViews';

/**
 * The steps of a review cycle's workflow (`review-cycle/<tenant>/<id>`), each one transaction under the cycle's
 * lock, idempotent and a no-op when the cycle has left the state it expects or its day has not come: open the
 * reviews, remind once, close.
 */

/** What the reviewCycle workflow reads of its cycle. */
export interface ReviewCycleState {
  status: ReviewCycleStatus;
  name: string;
  timeline: CycleTimeline;
  /** The tenant's IANA time zone: each day begins at its midnight there. */
  timeZone: string;
  /** The reminder is still to go out: it has a day, no review was reminded yet and some review is open. */
  remindPending: boolean;
}

export async function reviewCycleState(prisma: PrismaClient, ref: ReviewCycleRef): Promise<ReviewCycleState | null> {
  const cycle = await prisma.reviewCycle.findFirst({ where: { id: ref.cycleId, tenantId: ref.tenantId } });
  if (!cycle) return null;
  const tenant = await prisma.tenant.findUniqueOrThrow({ where: { id: ref.tenantId }, select: { timeZone: true } });
  const timeline = cycleTimeline(fromDbDate(cycle.opensOn), fromDbDate(cycle.closesOn));
  const [reminded, open] = await Promise.all([
    prisma.review.count({ where: { cycleId: cycle.id, remindedAt: { not: null } } }),
    prisma.review.count({ where: { cycleId: cycle.id, status: 'OPEN' } }),
  ]);
  return {
    status: cycle.status,
    name: cycle.name,
    timeline,
    timeZone: tenant.timeZone,
    remindPending: timeline.remindOn !== null && reminded === 0 && open > 0,
  };
}

type CycleRow = NonNullable<Awaited<ReturnType<typeof lockCycle>>>;

/** Runs `step` on the locked cycle; answers the cycle's status after it, or null when it is gone. */
async function step(
  prisma: PrismaClient,
  ref: ReviewCycleRef,
  run: (tx: Prisma.TransactionClient, cycle: CycleRow) => Promise<ReviewCycleStatus | void>,
): Promise<ReviewCycleStatus | null> {
  return prisma.$transaction(async (tx) => {
    const cycle = await lockCycle(tx, ref.tenantId, ref.cycleId);
    if (!cycle) return null;
    return (await run(tx, cycle)) ?? cycle.status;
  });
}

const described = (c: CycleRow) => ({ id: c.id, tenantId: c.tenantId, name: c.name, closesOn: fromDbDate(c.closesOn) });

/**
 * Opens a SCHEDULED cycle whose opening day has come (`today`, the tenant's): a self review per participant (the
 * cycle's department, or everyone, employed on the opening day) and a manager review by each participant's manager
 * when there is one, as its kinds say; peers are nominated later. Reviewers are told; `performance.cycle.opened`.
 */
export async function openReviewCycle(
  prisma: PrismaClient,
  ref: ReviewCycleRef,
  today: IsoDate,
  now: Date,
): Promise<ReviewCycleStatus | null> {
  return step(prisma, ref, async (tx, cycle) => {
    if (cycle.status !== 'SCHEDULED' || fromDbDate(cycle.opensOn) > today) return;
    const opensOn = cycle.opensOn;
    const employed: Prisma.EmployeeWhereInput = {
      tenantId: cycle.tenantId,
      hireDate: { lte: opensOn },
      OR: [{ terminationDate: null }, { terminationDate: { gte: opensOn } }],
    };
    const participants = await tx.employee.findMany({
      where: { AND: [employed, cycle.departmentId ? { departmentId: cycle.departmentId } : {}] },
      select: { id: true, managerId: true },
    });
    const managerIds = [...new Set(participants.map((p) => p.managerId).filter((id): id is string => id !== null))];
    const managers = new Set(
      (
        await tx.employee.findMany({ where: { AND: [employed, { id: { in: managerIds } }] }, select: { id: true } })
      ).map((m) => m.id),
    );
    const reviews: Prisma.ReviewCreateManyInput[] = [];
    for (const p of participants) {
      const base = { tenantId: cycle.tenantId, cycleId: cycle.id, subjectId: p.id, status: 'OPEN' as const };
      if (cycle.reviewKinds.includes('self')) reviews.push({ ...base, kind: 'self', reviewerId: p.id });
      if (cycle.reviewKinds.includes('manager') && p.managerId && managers.has(p.managerId)) {
        reviews.push({ ...base, kind: 'manager', reviewerId: p.managerId });
      }
    }
    await tx.review.createMany({ data: reviews, skipDuplicates: true });
    const opened = await tx.reviewCycle.update({ where: { id: cycle.id }, data: { status: 'OPEN', openedAt: now } });
    const reviewers = await tx.employee.findMany({
      where: { id: { in: [...new Set(reviews.map((r) => r.reviewerId))] } },
      select: { userId: true },
    });
    await notifyPerformance(
      tx,
      reviewers.map((r) => r.userId),
      'performance.reviews_to_write',
      described(cycle),
    );
    await emitPerformanceWebhookEvent(tx, 'performance.cycle.opened', cycle.tenantId, {
      reviewCycleId: cycle.id,
      name: cycle.name,
      status: opened.status,
      reviews: reviews.length,
    });
    return opened.status;
  });
}

/**
 * Reminds the reviewers of the cycle's OPEN reviews, once (each reminded review keeps `remindedAt`), when the
 * reminder day has come and the cycle has not closed.
 */
export async function remindReviewers(
  prisma: PrismaClient,
  ref: ReviewCycleRef,
  today: IsoDate,
  now: Date,
): Promise<ReviewCycleStatus | null> {
  return step(prisma, ref, async (tx, cycle) => {
    const { remindOn, closesAt } = cycleTimeline(fromDbDate(cycle.opensOn), fromDbDate(cycle.closesOn));
    if (cycle.status !== 'OPEN' || remindOn === null || today < remindOn || today >= closesAt) return;
    if ((await tx.review.count({ where: { cycleId: cycle.id, remindedAt: { not: null } } })) > 0) return;
    const open = await tx.review.findMany({
      where: { cycleId: cycle.id, status: 'OPEN' },
      select: { reviewerId: true },
    });
    await tx.review.updateMany({ where: { cycleId: cycle.id, status: 'OPEN' }, data: { remindedAt: now } });
    const reviewers = await tx.employee.findMany({
      where: { id: { in: [...new Set(open.map((r) => r.reviewerId))] } },
      select: { userId: true },
    });
    await notifyPerformance(
      tx,
      reviewers.map((r) => r.userId),
      'performance.review_reminder',
      described(cycle),
    );
  });
}

/**
 * Closes an OPEN cycle once the day after `closesOn` has begun: its reviews still OPEN become EXPIRED, the cycle
 * CLOSED; who created it is told, to release it; `performance.cycle.closed`.
 */
export async function closeReviewCycle(
  prisma: PrismaClient,
  ref: ReviewCycleRef,
  today: IsoDate,
  now: Date,
): Promise<ReviewCycleStatus | null> {
  return step(prisma, ref, async (tx, cycle) => {
    if (cycle.status !== 'OPEN' || fromDbDate(cycle.closesOn) >= today) return;
    const expired = await tx.review.updateMany({
      where: { cycleId: cycle.id, status: 'OPEN' },
      data: { status: 'EXPIRED' },
    });
    const closed = await tx.reviewCycle.update({ where: { id: cycle.id }, data: { status: 'CLOSED', closedAt: now } });
    await notifyPerformance(tx, [cycle.createdByUserId], 'performance.cycle_closed', described(cycle));
    await emitPerformanceWebhookEvent(tx, 'performance.cycle.closed', cycle.tenantId, {
      reviewCycleId: cycle.id,
      name: cycle.name,
      status: closed.status,
      expiredReviews: expired.count,
    });
    return closed.status;
  });
}

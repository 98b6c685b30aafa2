import type { Prisma, Review, ReviewStatus } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { lineReportsOf, managesInLine, visibleReviewsFilter } from '../access/performanceAccess';
import { canSeeEmployee } from '../access/visibility';
import { AppError } from '../appError';
import { fromDbDate } from '../leave/dates';
import { notifyPerformance } from './performanceNotifications';
import { emitPerformanceWebhookEvent } from './performanceWebhooks';
import { checkAnswers, requireComplete, type ReviewAnswers } from './reviewAnswers';
import { findVisibleCycle, lockCycle, questionsOf } from './reviewCycleViews';
import { reviewViewsOf, type ReviewView } from './reviewViews';

/**
 * Reviews (company-api.md, Performance): written by their reviewer while OPEN and final once submitted; read as
 * engines/access/performanceAccess.ts says (ratings reach their subject only after the cycle's release).
 */

export interface ReviewQuery {
  /** `me`: the reviews the caller writes. */
  reviewer?: 'me' | undefined;
  subjectId?: string | undefined;
  cycleId?: string | undefined;
  status?: ReviewStatus | undefined;
  limit: number;
  after?: string | undefined;
}

/** The reviews `actor` may read, newest first, a page at a time. */
export async function listReviews(
  prisma: PrismaClient,
  actor: Actor,
  query: ReviewQuery,
): Promise<{ reviews: ReviewView[]; nextCursor: string | null }> {
  const lineReports = await lineReportsOf(prisma, actor);
  const rows = await prisma.review.findMany({
    where: {
      AND: [
        visibleReviewsFilter(actor, lineReports),
        query.reviewer === 'me' ? (actor.employee ? { reviewerId: actor.employee.id } : { id: { in: [] } }) : {},
        query.subjectId ? { subjectId: query.subjectId } : {},
        query.cycleId ? { cycleId: query.cycleId } : {},
        query.status ? { status: query.status } : {},
        query.after ? { id: { lt: query.after } } : {},
      ],
    },
    orderBy: { id: 'desc' },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    reviews: await reviewViewsOf(prisma, actor, page, lineReports),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}

async function findVisibleReview(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
): Promise<{ row: Review; view: ReviewView }> {
  const lineReports = await lineReportsOf(prisma, actor);
  const row = await prisma.review.findFirst({ where: { AND: [{ id }, visibleReviewsFilter(actor, lineReports)] } });
  const [view] = row ? await reviewViewsOf(prisma, actor, [row], lineReports) : [];
  if (!row || !view) throw new AppError('not_found', `No review ${id}`);
  return { row, view };
}

export async function getReview(prisma: PrismaClient, actor: Actor, id: string): Promise<ReviewView> {
  return (await findVisibleReview(prisma, actor, id)).view;
}

export interface ReviewAnswerInput {
  answers?: ReviewAnswers | undefined;
  rating?: number | null | undefined;
}

/**
 * Saves answers and the overall rating of one's own OPEN review (given answers replace those of the same
 * questions); with `submit`, the review must then be complete and becomes SUBMITTED, final. 403 for anyone but its
 * reviewer, 409 for a review not OPEN or a cycle not OPEN.
 */
export async function writeReview(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  input: ReviewAnswerInput,
  opts: { submit: boolean },
): Promise<ReviewView> {
  const { row } = await findVisibleReview(prisma, actor, id);
  if (row.reviewerId !== actor.employee?.id) throw new AppError('forbidden', 'Only its reviewer writes a review');
  await prisma.$transaction(async (tx) => {
    // Shared: saves of one cycle run side by side, but never beside its close (which expires what is still open).
    const cycle = await lockCycle(tx, row.tenantId, row.cycleId, 'share');
    // The review's own row too: two saves of it at once merge their answers, and it is submitted once.
    await tx.$queryRaw`SELECT id FROM reviews WHERE id = ${id}::uuid FOR UPDATE`;
    const review = await tx.review.findUniqueOrThrow({ where: { id } });
    if (review.status !== 'OPEN') throw new AppError('conflict', `This review is already ${review.status}`);
    if (cycle?.status !== 'OPEN') throw new AppError('conflict', `Its review cycle is ${cycle?.status ?? 'gone'}`);
    const questions = questionsOf(cycle);
    const answers = { ...(review.answers as ReviewAnswers), ...checkAnswers(questions, input.answers ?? {}) };
    const rating = input.rating === undefined ? review.rating : input.rating;
    if (opts.submit) requireComplete(questions, answers, rating);
    await tx.review.update({
      where: { id },
      data: {
        answers: answers as Prisma.InputJsonValue,
        rating,
        ...(opts.submit ? { status: 'SUBMITTED', submittedAt: new Date() } : {}),
      },
    });
    if (opts.submit) {
      await emitPerformanceWebhookEvent(tx, 'performance.review.submitted', row.tenantId, {
        reviewId: id,
        reviewCycleId: row.cycleId,
        kind: row.kind,
        subjectId: row.subjectId,
        reviewerId: row.reviewerId,
      });
    }
  });
  return getReview(prisma, actor, id);
}

/**
 * Nominates a peer to review someone in an OPEN cycle that has peer reviews: HR, or a manager of the person up the
 * line. The person must take part in the cycle; the peer is another current employee, asked once.
 */
export async function nominatePeerReviewer(
  prisma: PrismaClient,
  actor: Actor,
  cycleId: string,
  input: { subjectId: string; reviewerId: string },
): Promise<ReviewView> {
  await findVisibleCycle(prisma, actor, cycleId);
  const lineReports = await lineReportsOf(prisma, actor);
  if (!managesInLine(actor, input.subjectId, lineReports)) {
    if (!(await canSeeEmployee(prisma, actor, input.subjectId))) {
      throw new AppError('not_found', `No person ${input.subjectId}`);
    }
    throw new AppError('forbidden', 'Only HR or a manager of the person nominates their peer reviewers');
  }
  if (input.reviewerId === input.subjectId) {
    throw new AppError('validation_error', 'reviewerId: a peer reviewer is someone other than the person reviewed');
  }
  const peer = await prisma.employee.findFirst({
    where: { id: input.reviewerId, tenantId: actor.tenant.id },
    select: { id: true, userId: true, terminationDate: true },
  });
  if (!peer) throw new AppError('validation_error', `reviewerId: no employee ${input.reviewerId} in this workspace`);
  const id = await prisma.$transaction(async (tx) => {
    const cycle = await lockCycle(tx, actor.tenant.id, cycleId);
    if (!cycle || cycle.status !== 'OPEN') {
      throw new AppError('conflict', `Peers are nominated while the cycle is OPEN; it is ${cycle?.status ?? 'gone'}`);
    }
    if (!cycle.reviewKinds.includes('peer')) throw new AppError('conflict', 'This review cycle has no peer reviews');
    if (peer.terminationDate && fromDbDate(peer.terminationDate) < fromDbDate(cycle.closesOn)) {
      throw new AppError('validation_error', 'reviewerId: leaves before the cycle closes');
    }
    const takesPart = await tx.review.count({ where: { cycleId, subjectId: input.subjectId } });
    if (takesPart === 0) throw new AppError('validation_error', 'subjectId: takes no part in this review cycle');
    const existing = await tx.review.findFirst({
      where: { cycleId, subjectId: input.subjectId, reviewerId: input.reviewerId, kind: 'peer' },
    });
    if (existing) throw new AppError('conflict', `This peer review exists already (${existing.status})`);
    const review = await tx.review.create({
      data: {
        tenantId: cycle.tenantId,
        cycleId,
        kind: 'peer',
        subjectId: input.subjectId,
        reviewerId: input.reviewerId,
        status: 'OPEN',
      },
    });
    const subject = await tx.employee.findUniqueOrThrow({ where: { id: input.subjectId }, select: { name: true } });
    await notifyPerformance(
      tx,
      [peer.userId],
      'performance.peer_review_requested',
      { id: cycle.id, tenantId: cycle.tenantId, name: cycle.name, closesOn: fromDbDate(cycle.closesOn) },
      { reviewId: review.id, about: subject.name },
    );
    return review.id;
  });
  return getReview(prisma, actor, id);
}

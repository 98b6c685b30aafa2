import type { ReviewCycleStatus } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { addDays, toDbDate } from '../../engines/leave/dates';
import { demoPeople } from '../../prisma/seed';
import type { CompanySample } from './companySamples';
import type { DemoKey } from './identity';
import { todayOf } from './leave';

/**
 * Samples of the Performance area for the authorization matrix, acting on Alice's records. Cycles and reviews are
 * written as rows in the state a sample needs (the matrix's API runs no worker to open them).
 */

const employeeOf = (db: PrismaClient, who: DemoKey) =>
  db.employee.findFirstOrThrow({ where: { email: demoPeople[who].email } });

const questions = [
  { id: 'impact', text: 'Impact', type: 'rating' },
  { id: 'notes', text: 'Notes', type: 'text' },
];

/** A fresh cycle of Acme in `status`, open from today for ten days, with every kind of review. */
export async function reviewCycleOf(db: PrismaClient, status: ReviewCycleStatus): Promise<string> {
  const hr = await employeeOf(db, 'hr');
  const today = await todayOf(db, 'hr');
  const cycle = await db.reviewCycle.create({
    data: {
      tenantId: hr.tenantId,
      name: `Matrix cycle ${status}`,
      periodStart: toDbDate('2026-01-01'),
      periodEnd: toDbDate('2026-06-30'),
      opensOn: toDbDate(today),
      closesOn: toDbDate(addDays(today, 10)),
      reviewKinds: ['self', 'manager', 'peer'],
      questions,
      status,
      createdByUserId: hr.userId!,
    },
  });
  return cycle.id;
}

/** An OPEN review of Alice in a fresh OPEN cycle: her self review, or her manager's review of her. */
export async function aliceReviewOf(db: PrismaClient, kind: 'self' | 'manager'): Promise<string> {
  const cycleId = await reviewCycleOf(db, 'OPEN');
  const alice = await employeeOf(db, 'alice');
  const review = await db.review.create({
    data: {
      tenantId: alice.tenantId,
      cycleId,
      kind,
      subjectId: alice.id,
      reviewerId: kind === 'self' ? alice.id : alice.managerId!,
      status: 'OPEN',
    },
  });
  return review.id;
}

/** A fresh ACTIVE goal of Alice with one key result. */
export async function aliceGoalOf(db: PrismaClient): Promise<{ goalId: string; keyResultId: string }> {
  const alice = await employeeOf(db, 'alice');
  const goal = await db.goal.create({
    data: {
      tenantId: alice.tenantId,
      employeeId: alice.id,
      title: 'Matrix goal',
      period: '2026-Q4',
      status: 'ACTIVE',
      createdByUserId: alice.userId!,
    },
  });
  const kr = await db.keyResult.create({
    data: {
      tenantId: alice.tenantId,
      goalId: goal.id,
      position: 0,
      title: 'KR',
      startValue: 0,
      targetValue: 10,
      currentValue: 0,
    },
  });
  return { goalId: goal.id, keyResultId: kr.id };
}

/** The sample requests of Performance's operations for the authorization matrix. */
export function performanceSamples(db: () => PrismaClient): Record<string, (who: DemoKey) => Promise<CompanySample>> {
  const aliceId = async () => (await employeeOf(db(), 'alice')).id;
  return {
    create_review_cycle: async () => {
      const today = await todayOf(db(), 'hr');
      return {
        method: 'POST',
        url: '/api/performance/cycles',
        payload: {
          name: 'Matrix',
          periodStart: '2026-01-01',
          periodEnd: '2026-06-30',
          opensOn: addDays(today, 3),
          closesOn: addDays(today, 10),
          reviewKinds: ['self'],
          questions,
        },
      };
    },
    list_review_cycles: async () => ({ method: 'GET', url: '/api/performance/cycles' }),
    get_review_cycle: async () => ({
      method: 'GET',
      url: `/api/performance/cycles/${await reviewCycleOf(db(), 'SCHEDULED')}`,
    }),
    launch_review_cycle: async () => ({
      method: 'POST',
      url: `/api/performance/cycles/${await reviewCycleOf(db(), 'DRAFT')}/launch`,
    }),
    cancel_review_cycle: async () => ({
      method: 'POST',
      url: `/api/performance/cycles/${await reviewCycleOf(db(), 'SCHEDULED')}/cancel`,
    }),
    release_review_cycle: async () => ({
      method: 'POST',
      url: `/api/performance/cycles/${await reviewCycleOf(db(), 'CLOSED')}/release`,
    }),
    list_reviews: async () => ({ method: 'GET', url: '/api/performance/reviews' }),
    get_review: async () => ({
      method: 'GET',
      url: `/api/performance/reviews/${await aliceReviewOf(db(), 'manager')}`,
    }),
    save_review: async () => ({
      method: 'PATCH',
      url: `/api/performance/reviews/${await aliceReviewOf(db(), 'self')}`,
      payload: { answers: { notes: { text: 'Draft' } } },
    }),
    submit_review: async () => ({
      method: 'POST',
      url: `/api/performance/reviews/${await aliceReviewOf(db(), 'self')}/submit`,
      payload: { answers: { impact: { rating: 4 } }, rating: 4 },
    }),
    nominate_peer_reviewer: async () => {
      const selfReview = await aliceReviewOf(db(), 'self');
      const { cycleId } = await db().review.findUniqueOrThrow({ where: { id: selfReview } });
      return {
        method: 'POST',
        url: `/api/performance/cycles/${cycleId}/peer-reviews`,
        payload: { subjectId: await aliceId(), reviewerId: (await employeeOf(db(), 'bob')).id },
      };
    },
    create_goal: async () => ({
      method: 'POST',
      url: '/api/performance/goals',
      payload: {
        employeeId: await aliceId(),
        title: 'Matrix',
        period: '2026-Q4',
        keyResults: [{ title: 'KR', startValue: 0, targetValue: 5 }],
      },
    }),
    list_goals: async () => ({ method: 'GET', url: '/api/performance/goals' }),
    get_goal: async () => ({ method: 'GET', url: `/api/performance/goals/${(await aliceGoalOf(db())).goalId}` }),
    update_key_result: async () => {
      const { goalId, keyResultId } = await aliceGoalOf(db());
      return {
        method: 'PATCH',
        url: `/api/performance/goals/${goalId}/key-results/${keyResultId}`,
        payload: { currentValue: 3 },
      };
    },
    complete_goal: async () => ({
      method: 'POST',
      url: `/api/performance/goals/${(await aliceGoalOf(db())).goalId}/complete`,
    }),
    cancel_goal: async () => ({
      method: 'POST',
      url: `/api/performance/goals/${(await aliceGoalOf(db())).goalId}/cancel`,
    }),
  };
}

import { addDays } from '../../../engines/leave/dates';
import { reviewCycleWorkflowId } from '../../../engines/performance/reviewCyclePort';
import { startCompanyKit, type CompanyKit } from '../../support/companyKit';
import type { DemoKey } from '../../support/identity';
import { todayOf } from '../../support/leave';
import { reviewCycleOf } from '../../support/performance';
import { waitFor } from '../../support/waitFor';
import { reconcileProcesses, reviewCycleSource } from '../../../temporal/worker/processReconciler';

/**
 * A review cycle end to end through the HTTP API, with the reviewCycle workflow on the real dev server (a worker in
 * this process) on a test time scale of DAY_MS per calendar day: it opens the reviews on their day and not before,
 * reminds once three days before the close, closes after the last day (unsubmitted reviews expire), and the rating
 * rule holds at every step: the person reviewed reads no rating before HR releases the cycle, and does after; their
 * managers up the line read everything; a peer reads only what they wrote.
 */
const DAY_MS = 3_000;
let kit: CompanyKit;
beforeAll(async () => {
  kit = await startCompanyKit({ dayMs: DAY_MS });
});
afterAll(() => kit?.close());

const idOf = async (who: DemoKey) =>
  (await kit.db.prisma.employee.findFirstOrThrow({ where: { email: `${who}@acme.test` } })).id;
const userOf = async (who: DemoKey) =>
  (await kit.db.prisma.user.findFirstOrThrow({ where: { email: `${who}@acme.test` } })).id;
const cycleRow = (id: string) => kit.db.prisma.reviewCycle.findUniqueOrThrow({ where: { id } });
const reviewOf = (cycleId: string, subjectId: string, kind: string) =>
  kit.db.prisma.review.findFirstOrThrow({ where: { cycleId, subjectId, kind } });

async function draftCycle(opensIn: number, closesIn: number): Promise<string> {
  const today = await todayOf(kit.db.prisma, 'hr');
  const engineering = await kit.db.prisma.department.findFirstOrThrow({
    where: { name: 'Engineering', tenant: { domain: 'acme.test' } },
  });
  const res = await kit.call('hr', 'POST', '/api/performance/cycles', {
    name: 'Engineering H2',
    periodStart: '2026-07-01',
    periodEnd: '2026-12-31',
    opensOn: addDays(today, opensIn),
    closesOn: addDays(today, closesIn),
    reviewKinds: ['self', 'manager', 'peer'],
    questions: [
      { id: 'impact', text: 'How much impact did they have?', type: 'rating' },
      { id: 'strengths', text: 'What went well?', type: 'text' },
    ],
    departmentId: engineering.id,
  });
  expect(res.statusCode).toBe(201);
  expect(res.json().data.cycle).toMatchObject({ status: 'DRAFT', workflowId: null });
  return res.json().data.cycle.id as string;
}

describe('the reviewCycle workflow', () => {
  it('opens on its day, reminds once, closes, and shows ratings to the person only after release', async () => {
    // Opens tomorrow, closes after the 4th day: the reminder on day 2 (three days before day 5, the close).
    const cycleId = await draftCycle(1, 4);
    const launched = Date.now();
    const launch = await kit.call('hr', 'POST', `/api/performance/cycles/${cycleId}/launch`);
    expect(launch.statusCode).toBe(200);
    const tenantId = (await cycleRow(cycleId)).tenantId;
    expect(launch.json().data.cycle).toMatchObject({
      status: 'SCHEDULED',
      workflowId: reviewCycleWorkflowId(tenantId, cycleId),
    });
    expect(await kit.db.prisma.review.count({ where: { cycleId } })).toBe(0);

    await waitFor('the cycle to open', async () => (await cycleRow(cycleId)).status === 'OPEN', { timeoutMs: 30_000 });
    expect((await cycleRow(cycleId)).openedAt!.getTime() - launched).toBeGreaterThanOrEqual(DAY_MS - 250);
    const [alice, bob, manager, director] = await Promise.all(
      (['alice', 'bob', 'manager', 'director'] as const).map(idOf),
    );
    const aliceSelf = await reviewOf(cycleId, alice!, 'self');
    const aliceByManager = await reviewOf(cycleId, alice!, 'manager');
    expect(aliceSelf.reviewerId).toBe(alice);
    expect(aliceByManager.reviewerId).toBe(manager);
    // Only Engineering takes part: Carol (Sales) has no review.
    expect(await kit.db.prisma.review.count({ where: { cycleId, subjectId: await idOf('carol') } })).toBe(0);
    const mine = (await kit.call('alice', 'GET', '/api/performance/reviews?reviewer=me')).json().data.reviews;
    expect(mine.map((r: { id: string }) => r.id)).toEqual([aliceSelf.id]);

    await waitFor('the reminder', async () => (await reviewOf(cycleId, alice!, 'self')).remindedAt !== null, {
      timeoutMs: 30_000,
    });
    expect((await cycleRow(cycleId)).status).toBe('OPEN');

    // Peers: her manager asks Bob; twice is 409; Alice herself may not.
    const peer = await kit.call('manager', 'POST', `/api/performance/cycles/${cycleId}/peer-reviews`, {
      subjectId: alice,
      reviewerId: bob,
    });
    expect(peer.statusCode).toBe(201);
    const peerReviewId = peer.json().data.review.id as string;
    const again = await kit.call('manager', 'POST', `/api/performance/cycles/${cycleId}/peer-reviews`, {
      subjectId: alice,
      reviewerId: bob,
    });
    expect(again.statusCode).toBe(409);
    const byAlice = await kit.call('alice', 'POST', `/api/performance/cycles/${cycleId}/peer-reviews`, {
      subjectId: alice,
      reviewerId: director,
    });
    expect(byAlice.statusCode).toBe(403);

    // Alice writes her self review: an unknown question is 400 and writes nothing; submitted, it is final.
    const unknown = await kit.call('alice', 'PATCH', `/api/performance/reviews/${aliceSelf.id}`, {
      answers: { teamwork: { rating: 3 } },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().reason).toContain('answers.teamwork');
    expect((await reviewOf(cycleId, alice!, 'self')).answers).toEqual({});
    const incomplete = await kit.call('alice', 'POST', `/api/performance/reviews/${aliceSelf.id}/submit`, {
      answers: { strengths: { text: 'Shipped the payroll export' } },
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().reason).toContain('answers.impact');
    expect((await reviewOf(cycleId, alice!, 'self')).status).toBe('OPEN');
    const submitted = await kit.call('alice', 'POST', `/api/performance/reviews/${aliceSelf.id}/submit`, {
      answers: { impact: { rating: 4 }, strengths: { text: 'Shipped the payroll export' } },
      rating: 4,
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().data.review).toMatchObject({ status: 'SUBMITTED', rating: 4 });
    const final = await kit.call('alice', 'PATCH', `/api/performance/reviews/${aliceSelf.id}`, { rating: 5 });
    expect(final.statusCode).toBe(409);
    expect(final.json().reason).toContain('SUBMITTED');
    // Only its reviewer writes a review: her manager may read hers, not write it.
    expect((await kit.call('manager', 'PATCH', `/api/performance/reviews/${aliceSelf.id}`, {})).statusCode).toBe(403);

    const byManager = await kit.call('manager', 'POST', `/api/performance/reviews/${aliceByManager.id}/submit`, {
      answers: { impact: { rating: 2 }, strengths: { text: 'Reliable' } },
      rating: 3,
    });
    expect(byManager.statusCode).toBe(200);
    const byBob = await kit.call('bob', 'POST', `/api/performance/reviews/${peerReviewId}/submit`, {
      answers: { impact: { rating: 5 } },
      rating: 5,
    });
    expect(byBob.statusCode).toBe(200);

    // Before release: Alice reads the others' reviews of her without answers or rating.
    const early = (await kit.call('alice', 'GET', `/api/performance/reviews/${aliceByManager.id}`)).json().data.review;
    expect(early).toMatchObject({ kind: 'manager', status: 'SUBMITTED' });
    expect(early).not.toHaveProperty('rating');
    expect(early).not.toHaveProperty('answers');
    const aboutAlice = (await kit.call('alice', 'GET', `/api/performance/reviews?subjectId=${alice}`)).json().data;
    const ratingsOf = (reviews: Array<{ kind: string; rating?: number }>) =>
      Object.fromEntries(reviews.map((r) => [r.kind, r.rating]));
    expect(ratingsOf(aboutAlice.reviews)).toEqual({ self: 4, manager: undefined, peer: undefined });
    // Her managers up the line read everything; a peer only what they wrote; others nothing.
    for (const who of ['manager', 'director', 'hr'] as const) {
      const seen = (await kit.call(who, 'GET', `/api/performance/reviews?subjectId=${alice}`)).json().data;
      expect(ratingsOf(seen.reviews)).toEqual({ self: 4, manager: 3, peer: 5 });
    }
    const bobSees = (await kit.call('bob', 'GET', `/api/performance/reviews?subjectId=${alice}`)).json().data;
    expect(bobSees.reviews.map((r: { id: string }) => r.id)).toEqual([peerReviewId]);
    expect((await kit.call('bob', 'GET', `/api/performance/reviews/${aliceByManager.id}`)).statusCode).toBe(404);
    expect((await kit.call('carol', 'GET', `/api/performance/reviews/${peerReviewId}`)).statusCode).toBe(404);
    expect((await kit.call('hr', 'POST', `/api/performance/cycles/${cycleId}/release`)).statusCode).toBe(409);

    await waitFor('the cycle to close', async () => (await cycleRow(cycleId)).status === 'CLOSED', {
      timeoutMs: 30_000,
    });
    expect((await cycleRow(cycleId)).closedAt!.getTime() - launched).toBeGreaterThanOrEqual(5 * DAY_MS - 250);
    expect((await reviewOf(cycleId, bob!, 'self')).status).toBe('EXPIRED');
    expect((await reviewOf(cycleId, alice!, 'self')).status).toBe('SUBMITTED');
    const handle = kit.temporal.client.workflow.getHandle(reviewCycleWorkflowId(tenantId, cycleId));
    expect(await handle.result()).toEqual({ status: 'CLOSED' });
    // Once: Bob had one review open at the reminder (his self review; he was asked as a peer later).
    for (const who of ['alice', 'bob', 'manager'] as const) {
      const reminders = await kit.db.prisma.notification.count({
        where: { userId: await userOf(who), kind: 'performance.review_reminder' },
      });
      expect(reminders).toBe(1);
    }
    expect(await kit.db.prisma.review.count({ where: { cycleId, kind: { not: 'peer' }, remindedAt: null } })).toBe(0);
    const late = await kit.call(
      'bob',
      'POST',
      `/api/performance/reviews/${(await reviewOf(cycleId, bob!, 'self')).id}/submit`,
      {
        answers: { impact: { rating: 3 } },
        rating: 3,
      },
    );
    expect(late.statusCode).toBe(409);

    const release = await kit.call('hr', 'POST', `/api/performance/cycles/${cycleId}/release`);
    expect(release.json().data.cycle.status).toBe('RELEASED');
    const after = (await kit.call('alice', 'GET', `/api/performance/reviews/${aliceByManager.id}`)).json().data.review;
    expect(after).toMatchObject({ rating: 3, answers: { impact: { rating: 2 }, strengths: { text: 'Reliable' } } });
    const released = await kit.db.prisma.notification.count({
      where: { userId: await userOf('alice'), kind: 'performance.results_released' },
    });
    expect(released).toBe(1);
  });

  it('is started by the worker’s reconciler when Temporal missed the launch', async () => {
    // A launched cycle whose start never reached Temporal: SCHEDULED, no workflow id, opening today.
    const cycleId = await reviewCycleOf(kit.db.prisma, 'SCHEDULED');
    const result = await reconcileProcesses({
      prisma: kit.db.prisma,
      sources: [reviewCycleSource(kit.ports.reviewCycles)],
      graceMs: 0,
    });
    expect(result.failed).toBe(0);
    const { tenantId } = await cycleRow(cycleId);
    expect((await cycleRow(cycleId)).workflowId).toBe(reviewCycleWorkflowId(tenantId, cycleId));
    await waitFor('the cycle to open', async () => (await cycleRow(cycleId)).status === 'OPEN', { timeoutMs: 30_000 });
    await kit.call('hr', 'POST', `/api/performance/cycles/${cycleId}/cancel`);
    const handle = kit.temporal.client.workflow.getHandle(reviewCycleWorkflowId(tenantId, cycleId));
    expect(await handle.result()).toEqual({ status: 'CANCELLED' });
    expect(await kit.db.prisma.review.count({ where: { cycleId, status: 'OPEN' } })).toBe(0);
  });

  it('ends the workflow of a cycle cancelled before it opens, and opens nothing', async () => {
    const cycleId = await draftCycle(2, 6);
    await kit.call('hr', 'POST', `/api/performance/cycles/${cycleId}/launch`);
    const cancelled = await kit.call('hr', 'POST', `/api/performance/cycles/${cycleId}/cancel`);
    expect(cancelled.json().data.cycle.status).toBe('CANCELLED');
    const { tenantId } = await cycleRow(cycleId);
    const handle = kit.temporal.client.workflow.getHandle(reviewCycleWorkflowId(tenantId, cycleId));
    expect(await handle.result()).toEqual({ status: 'CANCELLED' });
    expect(await kit.db.prisma.review.count({ where: { cycleId } })).toBe(0);
  });
});

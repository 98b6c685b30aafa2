import { addDays } from '../../../engines/leave/dates';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { todayOf } from '../../support/leave';
import { aliceReviewOf } from '../../support/performance';

/**
 * Performance (company-api.md) through the HTTP API, without a worker: review cycles' inputs and states as HR writes
 * them, and goals with key results and their progress. The cycle's workflow and the rating rule over its reviews:
 * test/integration/performance/reviewCycleWorkflow.test.ts.
 */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());

const tokens = new Map<DemoKey, string>();
const send = async (who: DemoKey, method: string, url: string, payload?: object) => {
  const token = tokens.get(who) ?? (await tokenFor(h.db.prisma, who, ['performance:read', 'performance:write']));
  tokens.set(who, token);
  return h.app.inject({ method: method as 'GET', url, headers: bearer(token), ...(payload ? { payload } : {}) });
};
const idOf = async (who: DemoKey) =>
  (await h.db.prisma.employee.findFirstOrThrow({ where: { email: `${who}@acme.test` } })).id;
const rows = async () => ({
  cycles: await h.db.prisma.reviewCycle.count(),
  goals: await h.db.prisma.goal.count(),
  keyResults: await h.db.prisma.keyResult.count(),
});

async function cycleBody(overrides: Record<string, unknown> = {}) {
  const today = await todayOf(h.db.prisma, 'hr');
  return {
    name: '2026 year-end review',
    periodStart: '2026-01-01',
    periodEnd: '2026-12-31',
    opensOn: addDays(today, 3),
    closesOn: addDays(today, 17),
    reviewKinds: ['self', 'manager'],
    questions: [
      { id: 'delivery', text: 'Delivery', type: 'rating' },
      { id: 'growth', text: 'Where to grow', type: 'text' },
    ],
    ...overrides,
  };
}

describe('review cycles (HR)', () => {
  it('answers 400 naming the field for each bad cycle, and writes nothing', async () => {
    const today = await todayOf(h.db.prisma, 'hr');
    const before = await rows();
    const question = (i: number) => ({ id: `q${i}`, text: `Question ${i}`, type: 'rating' });
    const cases: Array<[string, Record<string, unknown>]> = [
      ['name', { name: '' }],
      ['name', { name: 'x'.repeat(201) }],
      ['name', { name: 'Year\u0000end' }],
      ['periodEnd', { periodEnd: '2025-12-31' }],
      ['opensOn', { opensOn: addDays(today, -1) }],
      ['opensOn', { opensOn: '2026-02-30' }],
      ['closesOn', { closesOn: addDays(today, 2) }],
      ['closesOn', { closesOn: addDays(today, 400) }],
      ['reviewKinds', { reviewKinds: [] }],
      ['reviewKinds.0', { reviewKinds: ['boss'] }],
      ['questions', { questions: [] }],
      ['questions', { questions: Array.from({ length: 31 }, (_, i) => question(i)) }],
      ['questions.1.id', { questions: [question(1), question(1)] }],
      ['questions.0.type', { questions: [{ id: 'a', text: 'A', type: 'stars' }] }],
      ['questions.0.text', { questions: [{ id: 'a', text: 'x'.repeat(501), type: 'text' }] }],
      ['departmentId', { departmentId: '00000000-0000-4000-8000-000000000000' }],
      ['extra', { extra: true }],
    ];
    for (const [field, change] of cases) {
      const res = await send('hr', 'POST', '/api/performance/cycles', await cycleBody(change));
      expect({ field, status: res.statusCode, error: res.json().error }).toEqual({
        field,
        status: 400,
        error: 'bad_request',
      });
      expect(res.json().reason).toContain(field);
    }
    expect(await rows()).toEqual(before);
  });

  it('lets only HR create, launch, cancel and release; drafts are HR’s to see', async () => {
    expect((await send('manager', 'POST', '/api/performance/cycles', await cycleBody())).statusCode).toBe(403);
    const created = await send('hr', 'POST', '/api/performance/cycles', await cycleBody());
    expect(created.statusCode).toBe(201);
    const cycle = created.json().data.cycle;
    expect(cycle).toMatchObject({ status: 'DRAFT', reviewKinds: ['self', 'manager'], departmentId: null });
    expect((await send('alice', 'GET', `/api/performance/cycles/${cycle.id}`)).statusCode).toBe(404);
    expect((await send('alice', 'POST', `/api/performance/cycles/${cycle.id}/launch`)).statusCode).toBe(403);

    const launched = await send('hr', 'POST', `/api/performance/cycles/${cycle.id}/launch`);
    expect(launched.json().data.cycle.status).toBe('SCHEDULED');
    const seen = (await send('alice', 'GET', '/api/performance/cycles')).json().data.cycles;
    expect(seen.map((c: { id: string }) => c.id)).toContain(cycle.id);
    const release = await send('hr', 'POST', `/api/performance/cycles/${cycle.id}/release`);
    expect(release.statusCode).toBe(409);
    expect(release.json().reason).toContain('SCHEDULED');

    expect((await send('hr', 'POST', `/api/performance/cycles/${cycle.id}/cancel`)).json().data.cycle.status).toBe(
      'CANCELLED',
    );
    const again = await send('hr', 'POST', `/api/performance/cycles/${cycle.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toContain('CANCELLED');
    expect((await send('hr', 'POST', `/api/performance/cycles/${cycle.id}/launch`)).statusCode).toBe(409);
  });
});

describe('goals with key results', () => {
  const goal = (overrides: Record<string, unknown> = {}) => ({
    title: 'Make the API faster',
    period: '2026-Q4',
    keyResults: [
      { title: 'p95 latency (ms)', unit: 'ms', startValue: 400, targetValue: 200 },
      { title: 'Endpoints with a benchmark', startValue: 0, targetValue: 10, currentValue: 2 },
    ],
    ...overrides,
  });

  it('answers 400 naming the field for each bad goal, and writes nothing', async () => {
    const before = await rows();
    const kr = { title: 'KR', startValue: 0, targetValue: 1 };
    const cases: Array<[string, Record<string, unknown>]> = [
      ['title', { title: '' }],
      ['period', { period: '2026-Q5' }],
      ['period', { period: '26' }],
      ['dueDate', { dueDate: '2026-13-01' }],
      ['keyResults', { keyResults: [] }],
      ['keyResults', { keyResults: Array.from({ length: 11 }, () => kr) }],
      ['keyResults.0.targetValue', { keyResults: [{ title: 'KR', startValue: 5, targetValue: 5 }] }],
      ['keyResults.0.startValue', { keyResults: [{ title: 'KR', startValue: 1e13, targetValue: 1 }] }],
      ['keyResults.0.title', { keyResults: [{ ...kr, title: 'x'.repeat(201) }] }],
      ['employeeId', { employeeId: 'not-a-uuid' }],
    ];
    for (const [field, change] of cases) {
      const res = await send('alice', 'POST', '/api/performance/goals', goal(change));
      expect({ field, status: res.statusCode }).toEqual({ field, status: 400 });
      expect(res.json().reason).toContain(field);
    }
    expect(await rows()).toEqual(before);
  });

  it('computes progress from the key results as they move, and ends a goal once', async () => {
    const alice = await idOf('alice');
    const created = await send('alice', 'POST', '/api/performance/goals', goal());
    expect(created.statusCode).toBe(201);
    const made = created.json().data.goal;
    // 400 -> 200 not moved yet: 0 %; 0 -> 10 at 2: 20 %; the goal the mean, 10 %.
    expect(made).toMatchObject({ employeeId: alice, status: 'ACTIVE', progress: 10 });
    expect(made.keyResults.map((k: { progress: number }) => k.progress)).toEqual([0, 20]);
    const [latency, benchmarks] = made.keyResults as Array<{ id: string }>;

    // Alice and her managers up the line write it; Bob does not see it (404).
    const byAlice = await send('alice', 'PATCH', `/api/performance/goals/${made.id}/key-results/${latency!.id}`, {
      currentValue: 250,
    });
    expect(byAlice.json().data.goal.keyResults[0].progress).toBe(75);
    const byDirector = await send(
      'director',
      'PATCH',
      `/api/performance/goals/${made.id}/key-results/${benchmarks!.id}`,
      { currentValue: 12 },
    );
    // 75 % and 100 % (12 of 10 is bounded): the mean, 87.5 %.
    expect(byDirector.json().data.goal).toMatchObject({ progress: 87.5 });
    expect((await send('bob', 'GET', `/api/performance/goals/${made.id}`)).statusCode).toBe(404);
    expect(
      (await send('bob', 'PATCH', `/api/performance/goals/${made.id}/key-results/${latency!.id}`, { currentValue: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await send('manager', 'GET', `/api/performance/goals/${made.id}`)).json().data.goal.progress).toBe(87.5);

    const listed = await send('manager', 'GET', `/api/performance/goals?employeeId=${alice}&period=2026-Q4`);
    expect(listed.json().data.goals.map((g: { id: string }) => g.id)).toEqual([made.id]);
    expect(
      (await send('manager', 'GET', `/api/performance/goals?employeeId=${alice}&period=2027`)).json().data,
    ).toEqual({ goals: [], nextCursor: null });

    expect((await send('manager', 'POST', `/api/performance/goals/${made.id}/complete`)).json().data.goal.status).toBe(
      'COMPLETED',
    );
    const late = await send('alice', 'PATCH', `/api/performance/goals/${made.id}/key-results/${latency!.id}`, {
      currentValue: 200,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().reason).toContain('COMPLETED');
    expect((await send('alice', 'POST', `/api/performance/goals/${made.id}/cancel`)).statusCode).toBe(409);
  });

  it('lets a manager set a goal for their report but not for someone outside their line', async () => {
    const bob = await idOf('bob');
    const carol = await idOf('carol');
    const forBob = await send('manager', 'POST', '/api/performance/goals', goal({ employeeId: bob, period: '2027' }));
    expect(forBob.statusCode).toBe(201);
    expect(forBob.json().data.goal).toMatchObject({ employeeId: bob, period: '2027' });
    const forCarol = await send('manager', 'POST', '/api/performance/goals', goal({ employeeId: carol }));
    expect(forCarol.statusCode).toBe(404);
    // Alice sees only herself: Bob's goal is not there for her.
    expect((await send('alice', 'GET', `/api/performance/goals?employeeId=${bob}`)).json().data.goals).toEqual([]);
  });
});

describe('ratings before release, for every role and credential kind', () => {
  const kinds = ['personal_access_token', 'delegated_credential', 'company_api_key'] as const;
  // Alice's manager's review of her, submitted with a rating in a CLOSED cycle: written, not yet released.
  async function submittedReviewOfAlice(): Promise<string> {
    const id = await aliceReviewOf(h.db.prisma, 'manager');
    await h.db.prisma.review.update({
      where: { id },
      data: { status: 'SUBMITTED', rating: 4, answers: { impact: { rating: 4 } }, submittedAt: new Date() },
    });
    const { cycleId } = await h.db.prisma.review.findUniqueOrThrow({ where: { id } });
    await h.db.prisma.reviewCycle.update({ where: { id: cycleId }, data: { status: 'CLOSED' } });
    return id;
  }
  // From the rating rule (company-api.md, "Sensitive fields"): HR and Alice's managers up the line (her manager,
  // who wrote it, the director above him, the owner above her) read it in full; Alice only its status until the
  // release; anyone else nothing at all.
  const expected: Record<string, 'full' | 'status' | 'none'> = {
    owner: 'full',
    admin: 'full',
    hr: 'full',
    director: 'full',
    manager: 'full',
    alice: 'status',
    bob: 'none',
    salesManager: 'none',
    carol: 'none',
  };

  it('shows the rating to whom the rule allows, with any credential kind, and to Alice only once released', async () => {
    const id = await submittedReviewOfAlice();
    const readBy = async (who: DemoKey, kind: (typeof kinds)[number]) => {
      const token = await tokenFor(h.db.prisma, who, ['performance:read'], { kind });
      const res = await h.app.inject({ method: 'GET', url: `/api/performance/reviews/${id}`, headers: bearer(token) });
      const listed = await h.app.inject({
        method: 'GET',
        url: `/api/performance/reviews?subjectId=${await idOf('alice')}&limit=100`,
        headers: bearer(token),
      });
      const inList = (listed.json().data.reviews as Array<{ id: string; rating?: number }>).find((r) => r.id === id);
      if (res.statusCode === 404) {
        expect({ who, kind, listed: inList }).toEqual({ who, kind, listed: undefined });
        return { read: 'none', listed: false };
      }
      const review = res.json().data.review;
      // The list may not hold more than the review itself does.
      expect({ who, kind, listedRating: inList?.rating }).toEqual({ who, kind, listedRating: review.rating });
      return { read: 'rating' in review && 'answers' in review ? 'full' : 'status', listed: inList !== undefined };
    };
    for (const [who, level] of Object.entries(expected) as Array<[DemoKey, string]>) {
      for (const kind of kinds) {
        const seen = await readBy(who, kind);
        expect({ who, kind, read: seen.read }).toEqual({ who, kind, read: level });
        if (level === 'full') expect((await readBy(who, kind)).listed).toBe(true);
      }
    }
    const { cycleId } = await h.db.prisma.review.findUniqueOrThrow({ where: { id } });
    await h.db.prisma.reviewCycle.update({ where: { id: cycleId }, data: { status: 'RELEASED' } });
    for (const kind of kinds)
      expect({ kind, read: (await readBy('alice', kind)).read }).toEqual({ kind, read: 'full' });
    // The release changes nothing for those outside the rule.
    for (const kind of kinds) expect({ kind, read: (await readBy('bob', kind)).read }).toEqual({ kind, read: 'none' });
  });
});

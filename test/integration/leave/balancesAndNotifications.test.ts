import { yearOf } from '../../../engines/leave/dates';
import { demoPeople } from '../../../prisma/seed';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor } from '../../support/identity';
import { balanceOf, idsOf, todayOf } from '../../support/leave';

let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());

describe('GET /api/v1/leave/balances', () => {
  it("answers the caller's own balance under every policy for the current year", async () => {
    const token = await tokenFor(h.db.prisma, 'alice', ['leave:read']);
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/leave/balances', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const { year, balances } = res.json().data;
    expect(year).toBe(yearOf(await todayOf(h.db.prisma, 'alice')));
    expect(balances.map((b: { policy: string }) => b.policy)).toEqual([
      'Annual leave',
      'Parental leave',
      'Sick leave',
      'Unpaid leave',
    ]);
    for (const b of balances) {
      expect(Object.keys(b).sort()).toEqual([
        'allocated_days',
        'kind',
        'pending_days',
        'policy',
        'policy_id',
        'remaining_days',
        'used_days',
      ]);
      expect(b.remaining_days).toBe(b.allocated_days - b.used_days - b.pending_days);
    }
    const stored = await balanceOf(h.db.prisma, 'alice', 'Annual leave', year);
    expect(balances[0]).toMatchObject({
      kind: 'annual',
      allocated_days: stored.allocated,
      used_days: stored.used,
      pending_days: stored.pending,
    });
    // No parental leave row yet: a request would find the yearly allocation, so that is what is shown.
    expect(balances[1]).toMatchObject({ allocated_days: 20, used_days: 0, pending_days: 0, remaining_days: 20 });
  });

  it('answers another year on request, and 403 without leave:read', async () => {
    const token = await tokenFor(h.db.prisma, 'bob', ['leave:read']);
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/leave/balances?year=2090', headers: bearer(token) });
    expect(res.json().data.year).toBe(2090);
    expect(res.json().data.balances[0]).toMatchObject({ allocated_days: 25, used_days: 0, pending_days: 0 });
    const noScope = await tokenFor(h.db.prisma, 'bob', ['reports:read']);
    expect(
      (await h.app.inject({ method: 'GET', url: '/api/v1/leave/balances', headers: bearer(noScope) })).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/v1/notifications', () => {
  it("answers the caller's own notifications, newest first, with any token", async () => {
    const token = await tokenFor(h.db.prisma, 'manager', []);
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const { notifications } = res.json().data;
    const marcus = await idsOf(h.db.prisma, 'manager');
    const stored = await h.db.prisma.notification.findMany({ where: { userId: marcus.userId } });
    expect(notifications).toHaveLength(stored.length);
    expect(notifications.map((n: { kind: string }) => n.kind)).toContain('leave.submitted');
    expect(notifications.some((n: { body: string }) => n.body.includes(demoPeople.alice.name))).toBe(true);
    for (const n of notifications) {
      expect(Object.keys(n).sort()).toEqual(['body', 'created_at', 'data', 'id', 'kind', 'title']);
      expect(n.data.requestId).toEqual(expect.any(String));
    }
    const created = notifications.map((n: { created_at: string }) => n.created_at);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('keeps only unread ones on request, and at most limit', async () => {
    const token = await tokenFor(h.db.prisma, 'alice', []);
    const alice = await idsOf(h.db.prisma, 'alice');
    const first = await h.db.prisma.notification.findFirstOrThrow({ where: { userId: alice.userId } });
    await h.db.prisma.notification.update({ where: { id: first.id }, data: { readAt: new Date() } });
    const all = await h.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: bearer(token) });
    const unread = await h.app.inject({
      method: 'GET',
      url: '/api/v1/notifications?unread_only=true',
      headers: bearer(token),
    });
    expect(unread.json().data.notifications).toHaveLength(all.json().data.notifications.length - 1);
    expect(all.json().data.notifications.find((n: { id: string }) => n.id === first.id).read_at).toMatch(/Z$/);
    const one = await h.app.inject({ method: 'GET', url: '/api/v1/notifications?limit=1', headers: bearer(token) });
    expect(one.json().data.notifications).toHaveLength(1);
  });

  it('never shows one user the notifications of another', async () => {
    const token = await tokenFor(h.db.prisma, 'globexHr', []);
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/notifications?limit=200', headers: bearer(token) });
    const grace = await idsOf(h.db.prisma, 'globexHr');
    const own = await h.db.prisma.notification.count({ where: { userId: grace.userId } });
    expect(res.json().data.notifications).toHaveLength(own);
    expect(res.body).not.toContain(demoPeople.alice.name);
  });
});

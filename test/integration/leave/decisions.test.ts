import { addDays } from '../../../engines/leave/dates';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { balanceOf, cleanWeek, idsOf, leaveRowCounts, recordingPort } from '../../support/leave';

let h: ApiHarness;
const recorder = recordingPort();
const tokens = new Map<DemoKey, string>();
let nextWeek = 100;

beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' }, { leaveApproval: recorder.port });
});
afterAll(() => h?.close());

async function tokenOf(who: DemoKey): Promise<string> {
  if (!tokens.has(who)) tokens.set(who, await tokenFor(h.db.prisma, who, ['leave:read', 'leave:write']));
  return tokens.get(who)!;
}
async function call(who: DemoKey, method: 'GET' | 'POST', url: string, payload?: object) {
  return h.app.inject({ method, url, headers: bearer(await tokenOf(who)), ...(payload ? { payload } : {}) });
}
/** A new PENDING request of `who` for a clean week of their own (each call takes a later week). */
async function pendingRequest(who: DemoKey, days = 3) {
  const week = await cleanWeek(h.db.prisma, who, (nextWeek += 14));
  const res = await call(who, 'POST', '/api/v1/leave/requests', { start_date: week.monday, days });
  expect([res.statusCode, res.json().error]).toEqual([201, undefined]);
  return { id: res.json().data.id as string, year: week.year, monday: week.monday };
}
const decide = (who: DemoKey, id: string, decision: string, comment?: string) =>
  call(who, 'POST', `/api/v1/leave/requests/${id}/decision`, { decision, ...(comment ? { comment } : {}) });
const cancel = (who: DemoKey, id: string) => call(who, 'POST', `/api/v1/leave/requests/${id}/cancel`);
const notificationsAbout = (id: string) =>
  h.db.prisma.notification.findMany({
    where: { data: { path: ['requestId'], equals: id } },
    orderBy: { createdAt: 'asc' },
  });

describe('deciding and cancelling leave requests', () => {
  it('moves the days from pending to used when the manager approves, and tells the employee', async () => {
    const { id, year } = await pendingRequest('alice');
    const pending = await balanceOf(h.db.prisma, 'alice', 'Annual leave', year);
    const res = await decide('manager', id, 'approve', 'Enjoy');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.request).toMatchObject({
      id,
      status: 'APPROVED',
      routed_to: 'MANAGER',
      decision_comment: 'Enjoy',
      decided_at: expect.stringMatching(/Z$/),
    });
    const after = await balanceOf(h.db.prisma, 'alice', 'Annual leave', year);
    expect([after.pending - pending.pending, after.used - pending.used, after.allocated]).toEqual([
      -3,
      3,
      pending.allocated,
    ]);
    const alice = await idsOf(h.db.prisma, 'alice');
    const toAlice = (await notificationsAbout(id)).filter((n) => n.userId === alice.userId);
    expect(toAlice.map((n) => [n.kind, n.body])).toEqual([
      ['leave.approved', expect.stringContaining('Comment: Enjoy')],
    ]);
    expect(recorder.changed).toContainEqual({ tenantId: alice.tenantId, requestId: id });
  });

  it('gives the days back when a request is rejected', async () => {
    const { id, year } = await pendingRequest('bob');
    const pending = await balanceOf(h.db.prisma, 'bob', 'Annual leave', year);
    const res = await decide('manager', id, 'reject');
    expect(res.json().data.request.status).toBe('REJECTED');
    const after = await balanceOf(h.db.prisma, 'bob', 'Annual leave', year);
    expect([after.pending - pending.pending, after.used - pending.used]).toEqual([-3, 0]);
    const ledger = await h.db.prisma.leaveLedgerEntry.findMany({
      where: { requestId: id },
      orderBy: { createdAt: 'asc' },
    });
    expect(ledger.map((e) => [e.kind, e.days])).toEqual([
      ['reserve', 3],
      ['release', -3],
    ]);
  });

  it('lets HR decide a request routed to a manager, and a request routed to HR', async () => {
    const routedToManager = await pendingRequest('carol', 1);
    expect((await decide('hr', routedToManager.id, 'approve')).statusCode).toBe(200);
    const routedToHr = await pendingRequest('owner', 1);
    expect((await decide('admin', routedToHr.id, 'approve')).json().data.request).toMatchObject({
      status: 'APPROVED',
      routed_to: 'HR',
    });
  });

  it('answers 403 to someone who sees the request but may not decide it, and changes nothing', async () => {
    const { id } = await pendingRequest('alice', 1);
    const before = await leaveRowCounts(h.db.prisma);
    const director = await decide('director', id, 'approve');
    expect([director.statusCode, director.json().error.code]).toEqual([403, 'forbidden']);
    const own = await decide('alice', id, 'approve');
    expect([own.statusCode, own.json().error.message]).toEqual([403, 'You cannot decide your own leave request']);
    expect(await leaveRowCounts(h.db.prisma)).toEqual(before);
    expect((await h.db.prisma.leaveRequest.findUniqueOrThrow({ where: { id } })).status).toBe('PENDING');
  });

  it('answers 404 to someone who cannot see the request, as for an unknown id', async () => {
    const { id } = await pendingRequest('alice', 1);
    for (const who of ['bob', 'salesManager', 'globexHr'] as const) {
      const res = await decide(who, id, 'approve');
      expect([who, res.statusCode, res.json().error.code]).toEqual([who, 404, 'not_found']);
    }
    const unknown = await decide('hr', '01900000-0000-7000-8000-000000000000', 'approve');
    expect(unknown.statusCode).toBe(404);
    expect((await cancel('globexHr', id)).statusCode).toBe(404);
  });

  it('answers 409 when the request is no longer pending', async () => {
    const { id } = await pendingRequest('bob', 1);
    expect((await decide('manager', id, 'reject')).statusCode).toBe(200);
    const again = await decide('manager', id, 'approve');
    expect([again.statusCode, again.json().error]).toEqual([
      409,
      { code: 'conflict', message: 'This request is already REJECTED' },
    ]);
  });

  it.each([
    ['an unknown decision', { decision: 'maybe' }, /^decision: /],
    ['no decision', {}, /^decision: /],
    ['a comment over 1000 characters', { decision: 'approve', comment: 'x'.repeat(1001) }, /^comment: /],
  ])('answers 400 naming the field for %s', async (_what, payload, message) => {
    const { id } = await pendingRequest('bob', 1);
    const res = await call('manager', 'POST', `/api/v1/leave/requests/${id}/decision`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(message);
  });

  it('answers 400 naming the id when it is not a uuid', async () => {
    const res = await decide('manager', 'not-a-uuid', 'approve');
    expect([res.statusCode, res.json().error.message]).toEqual([400, expect.stringMatching(/^id: /)]);
  });

  it('gives the pending days back when the employee cancels a pending request, and tells the approver', async () => {
    const { id, year } = await pendingRequest('alice');
    const pending = await balanceOf(h.db.prisma, 'alice', 'Annual leave', year);
    const res = await cancel('alice', id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.request.status).toBe('CANCELLED');
    const after = await balanceOf(h.db.prisma, 'alice', 'Annual leave', year);
    expect([after.pending - pending.pending, after.used - pending.used]).toEqual([-3, 0]);
    const manager = await idsOf(h.db.prisma, 'manager');
    expect((await notificationsAbout(id)).map((n) => [n.userId, n.kind])).toEqual([
      [manager.userId, 'leave.submitted'],
      [manager.userId, 'leave.cancelled'],
    ]);
  });

  it('gives the used days back when an approved request that has not started is cancelled', async () => {
    const { id, year } = await pendingRequest('alice');
    await decide('manager', id, 'approve');
    const approved = await balanceOf(h.db.prisma, 'alice', 'Annual leave', year);
    expect((await cancel('alice', id)).json().data.request.status).toBe('CANCELLED');
    const after = await balanceOf(h.db.prisma, 'alice', 'Annual leave', year);
    expect([after.pending - approved.pending, after.used - approved.used]).toEqual([0, -3]);
  });

  it('refuses to cancel someone else’s request (403), a decided one or one that has started (409)', async () => {
    const { id } = await pendingRequest('alice', 1);
    expect((await cancel('manager', id)).statusCode).toBe(403);
    await decide('manager', id, 'reject');
    expect((await cancel('alice', id)).json().error).toEqual({
      code: 'conflict',
      message: 'This request is already REJECTED',
    });
    const bob = await idsOf(h.db.prisma, 'bob');
    const running = await h.db.prisma.leaveRequest.findFirstOrThrow({
      where: { employeeId: bob.employeeId, status: 'IN_PROGRESS' },
    });
    expect((await cancel('bob', running.id)).statusCode).toBe(409);
    const started = await pendingRequest('bob', 1);
    await decide('manager', started.id, 'approve');
    // An APPROVED request whose first day has come can no longer be cancelled (the workflow may not have moved it yet).
    await h.db.prisma.leaveRequest.update({
      where: { id: started.id },
      data: { startDate: new Date(`${addDays(started.monday, -400)}T00:00:00Z`) },
    });
    const late = await cancel('bob', started.id);
    expect([late.statusCode, late.json().error.message]).toEqual([
      409,
      expect.stringMatching(/^This request started on /),
    ]);
  });
});

describe('GET /api/v1/leave/approvals', () => {
  const approvals = async (who: DemoKey) => {
    const res = await call(who, 'GET', '/api/v1/leave/approvals?limit=200');
    expect(res.statusCode).toBe(200);
    return res.json().data.requests as Array<{ id: string; employee_name: string; routed_to: string; status: string }>;
  };

  it('lists the pending requests routed to the manager, and those routed to HR for HR', async () => {
    const fromAlice = await pendingRequest('alice', 1);
    const fromOwner = await pendingRequest('owner', 1);
    const marcus = await approvals('manager');
    expect(marcus.map((r) => r.id)).toContain(fromAlice.id);
    expect(marcus.every((r) => r.status === 'PENDING' && r.routed_to === 'MANAGER')).toBe(true);
    expect(marcus.map((r) => r.id)).not.toContain(fromOwner.id);
    const hannah = await approvals('hr');
    expect(hannah.map((r) => r.id)).toContain(fromOwner.id);
    expect(hannah.map((r) => r.id)).not.toContain(fromAlice.id);
    expect(await approvals('owner')).not.toContainEqual(expect.objectContaining({ id: fromOwner.id }));
    expect(await approvals('alice')).toEqual([]);
  });
});

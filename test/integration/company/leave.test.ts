import { addDays, dayOfWeek } from '../../../engines/leave/dates';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { nextFreeLeaveDay, todayOf } from '../../support/leave';

/**
 * The Leave area of the company API (company-api.md): the leave engine behind /api/v1, for everyone the caller
 * may see. The same numbers as /api/v1: balances and requests are compared with what the employee sees there.
 */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());

const as = async (who: DemoKey) => bearer(await tokenFor(h.db.prisma, who, ['leave:read', 'leave:write']));
const send = (headers: Record<string, string>, method: string, url: string, payload?: object) =>
  h.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
const employeeOf = async (who: string) =>
  (await h.db.prisma.employee.findFirstOrThrow({ where: { email: `${who}@acme.test` } })).id;

let offset = 900;
async function pendingRequestOf(who: DemoKey): Promise<string> {
  const today = await todayOf(h.db.prisma, who);
  let day = addDays(today, offset++);
  while ([0, 6].includes(dayOfWeek(day))) day = addDays(today, offset++);
  const res = await send(await as(who), 'POST', '/api/v1/leave/requests', { start_date: day, policy: 'Unpaid leave' });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

describe('the company Leave area', () => {
  it('shows HR the same balances and requests of Alice that Alice sees at /api/v1', async () => {
    const alice = await as('alice');
    const hr = await as('hr');
    const aliceId = await employeeOf('alice');
    const own = (await send(alice, 'GET', '/api/v1/leave/balances')).json().data;
    const hrView = (await send(hr, 'GET', `/api/leave/balances?employeeId=${aliceId}`)).json().data;
    expect(hrView.year).toBe(own.year);
    expect(
      hrView.balances.map(
        (b: { policyName: string; allocated: number; used: number; pending: number; remaining: number }) => [
          b.policyName,
          b.allocated,
          b.used,
          b.pending,
          b.remaining,
        ],
      ),
    ).toEqual(
      own.balances.map(
        (b: {
          policy: string;
          allocated_days: number;
          used_days: number;
          pending_days: number;
          remaining_days: number;
        }) => [b.policy, b.allocated_days, b.used_days, b.pending_days, b.remaining_days],
      ),
    );
    const ownRequests = (await send(alice, 'GET', '/api/v1/leave/requests?limit=200')).json().data.requests;
    const hrRequests = (await send(hr, 'GET', `/api/leave/requests?employeeId=${aliceId}&limit=200`)).json().data
      .requests;
    expect(hrRequests.map((r: { id: string }) => r.id)).toEqual(ownRequests.map((r: { id: string }) => r.id));
    expect(hrRequests.every((r: { employeeId: string }) => r.employeeId === aliceId)).toBe(true);
  });

  it('answers 404 for the balances of someone the caller may not see', async () => {
    const res = await send(await as('alice'), 'GET', `/api/leave/balances?employeeId=${await employeeOf('bob')}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', reason: expect.any(String) });
    const manager = await send(await as('manager'), 'GET', `/api/leave/balances?employeeId=${await employeeOf('bob')}`);
    expect(manager.statusCode).toBe(200);
  });

  it('lets the manager approve and HR reject, once; the employee cannot decide their own', async () => {
    const first = await pendingRequestOf('alice');
    const own = await send(await as('alice'), 'POST', `/api/leave/requests/${first}/approve`, {});
    expect(own.statusCode).toBe(403);
    const approved = await send(await as('manager'), 'POST', `/api/leave/requests/${first}/approve`, {
      comment: 'Enjoy',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.request).toMatchObject({ status: 'APPROVED', decisionComment: 'Enjoy' });
    const again = await send(await as('hr'), 'POST', `/api/leave/requests/${first}/reject`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'conflict', reason: expect.any(String) });

    const second = await pendingRequestOf('bob');
    const rejected = await send(await as('hr'), 'POST', `/api/leave/requests/${second}/reject`, {});
    expect(rejected.json().data.request.status).toBe('REJECTED');
    const read = await send(await as('director'), 'GET', `/api/leave/requests/${second}`);
    expect(read.json().data.request).toMatchObject({ id: second, status: 'REJECTED', routedTo: 'MANAGER' });
    expect((await send(await as('alice'), 'GET', `/api/leave/requests/${second}`)).statusCode).toBe(404);
  });

  it('cancels: Alice her own, HR anyone’s (she is told), never her manager; then 409', async () => {
    const mine = await pendingRequestOf('alice');
    const byManager = await send(await as('manager'), 'POST', `/api/leave/requests/${mine}/cancel`);
    expect([byManager.statusCode, byManager.json().error]).toEqual([403, 'forbidden']);
    const own = await send(await as('alice'), 'POST', `/api/leave/requests/${mine}/cancel`);
    expect(own.json().data.request).toMatchObject({ id: mine, status: 'CANCELLED' });

    const hers = await pendingRequestOf('alice');
    const byHr = await send(await as('hr'), 'POST', `/api/leave/requests/${hers}/cancel`);
    expect(byHr.json().data.request).toMatchObject({ id: hers, status: 'CANCELLED' });
    const told = await h.db.prisma.notification.findMany({
      where: { kind: 'leave.cancelled_for_you', data: { path: ['requestId'], equals: hers } },
    });
    const alice = await h.db.prisma.user.findFirstOrThrow({ where: { email: 'alice@acme.test' } });
    const hr = await h.db.prisma.user.findFirstOrThrow({ where: { email: 'hr@acme.test' } });
    expect(told.map((n) => [n.userId, n.title])).toEqual([[alice.id, `${hr.name} cancelled your leave`]]);
    const held = await h.db.prisma.leaveLedgerEntry.aggregate({ where: { requestId: hers }, _sum: { days: true } });
    expect(held._sum.days).toBe(0);
    const again = await send(await as('hr'), 'POST', `/api/leave/requests/${hers}/cancel`);
    expect([again.statusCode, again.json().reason]).toEqual([409, 'This request is already CANCELLED']);
    // /api/v1 keeps the contract's rule: one's own requests only.
    const other = await pendingRequestOf('alice');
    expect((await send(await as('hr'), 'POST', `/api/v1/leave/requests/${other}/cancel`)).statusCode).toBe(403);
    expect((await send(await as('hr'), 'POST', '/api/leave/requests/not-a-uuid/cancel')).json()).toEqual({
      error: 'bad_request',
      reason: expect.stringContaining('id'),
    });
  });

  it('adjusts an allowance with a reason (HR only) and refuses one below what is taken', async () => {
    const aliceId = await employeeOf('alice');
    const hr = await as('hr');
    const year = Number((await todayOf(h.db.prisma, 'alice')).slice(0, 4));
    const before = (await send(hr, 'GET', `/api/leave/balances?employeeId=${aliceId}&year=${year}`)).json().data;
    const annual = before.balances.find((b: { kind: string }) => b.kind === 'annual');
    const res = await send(hr, 'POST', '/api/leave/adjustments', {
      employeeId: aliceId,
      year,
      days: 2.5,
      reason: 'Long service',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.balance.allocated).toBe(annual.allocated + 2.5);
    const ledger = await h.db.prisma.leaveLedgerEntry.findFirst({
      where: { employeeId: aliceId, kind: 'adjustment', note: 'Long service' },
    });
    expect(ledger).toMatchObject({ days: 2.5, bucket: 'allocated' });

    const tooMuch = await send(hr, 'POST', '/api/leave/adjustments', {
      employeeId: aliceId,
      year,
      days: -(annual.allocated + 2.5),
      reason: 'x',
    });
    // The demo's Alice has taken annual leave this year, so nothing can take her allowance to zero.
    expect(annual.used + annual.pending).toBeGreaterThan(0);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().reason).toContain('pending or used');
    const byAlice = await send(await as('alice'), 'POST', '/api/leave/adjustments', {
      employeeId: aliceId,
      year,
      days: 10,
      reason: 'mine',
    });
    expect(byAlice.statusCode).toBe(403);
    for (const [field, body] of [
      ['days', { employeeId: aliceId, year, days: 0.3, reason: 'x' }],
      ['days', { employeeId: aliceId, year, days: 0, reason: 'x' }],
      ['year', { employeeId: aliceId, year: 1800, days: 1, reason: 'x' }],
      [
        'employeeId',
        {
          employeeId: await employeeOf('nobody').catch(() => '00000000-0000-4000-8000-000000000000'),
          year,
          days: 1,
          reason: 'x',
        },
      ],
      ['reason', { employeeId: aliceId, year, days: 1, reason: '' }],
    ] as const) {
      const bad = await send(hr, 'POST', '/api/leave/adjustments', body);
      expect({ field, status: bad.statusCode }).toEqual({ field, status: 400 });
      expect(bad.json().reason).toContain(field);
    }
  });

  it('requests leave on someone’s behalf as HR or their manager, and tells them', async () => {
    const aliceId = await employeeOf('alice');
    const hr = await as('hr');
    const day = await nextFreeLeaveDay(h.db.prisma);
    const res = await send(hr, 'POST', '/api/leave/requests', {
      employeeId: aliceId,
      startDate: day,
      policy: 'Unpaid leave',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.request).toMatchObject({
      employeeId: aliceId,
      startDate: day,
      status: 'PENDING',
      routedTo: 'MANAGER',
    });
    const row = await h.db.prisma.leaveRequest.findUniqueOrThrow({ where: { id: res.json().data.request.id } });
    expect(row.createdByUserId).toBe(
      (await h.db.prisma.user.findUniqueOrThrow({ where: { email: 'hr@acme.test' } })).id,
    );
    const aliceUser = await h.db.prisma.user.findUniqueOrThrow({ where: { email: 'alice@acme.test' } });
    const told = await h.db.prisma.notification.findFirst({
      where: { userId: aliceUser.id, kind: 'leave.requested_for_you' },
      orderBy: { seq: 'desc' },
    });
    expect(told?.title).toBe('Hannah Reyes requested leave for you');

    const byManager = await send(await as('manager'), 'POST', '/api/leave/requests', {
      employeeId: await employeeOf('bob'),
      startDate: await nextFreeLeaveDay(h.db.prisma),
      policy: 'Unpaid leave',
    });
    expect(byManager.statusCode).toBe(201);
    const own = await send(await as('alice'), 'POST', '/api/leave/requests', {
      startDate: await nextFreeLeaveDay(h.db.prisma),
      policy: 'Unpaid leave',
    });
    expect(own.json().data.request.employeeId).toBe(aliceId);
  });

  it('refuses leave on behalf of someone the caller may not see (404) or may see but not act for (403)', async () => {
    const count = await h.db.prisma.leaveRequest.count();
    const hidden = await send(await as('alice'), 'POST', '/api/leave/requests', {
      employeeId: await employeeOf('bob'),
      startDate: await nextFreeLeaveDay(h.db.prisma),
    });
    expect(hidden.statusCode).toBe(404);
    // Someone in the director's department who reports to the owner: he sees them, but is not their manager.
    const engineering = await h.db.prisma.employee.findFirstOrThrow({ where: { email: 'director@acme.test' } });
    const owner = await h.db.prisma.employee.findFirstOrThrow({ where: { email: 'owner@acme.test' } });
    const top = await h.db.prisma.employee.aggregate({
      where: { tenantId: owner.tenantId },
      _max: { employeeNumber: true },
    });
    const sideways = await h.db.prisma.employee.create({
      data: {
        tenantId: owner.tenantId,
        employeeNumber: top._max.employeeNumber! + 1,
        name: 'Sam Sideways',
        email: `sam.sideways.${Date.now()}@acme.test`,
        jobTitle: 'Architect',
        hireDate: new Date('2026-01-05T00:00:00Z'),
        departmentId: engineering.departmentId,
        managerId: owner.id,
      },
    });
    const director = await as('director');
    expect((await send(director, 'GET', `/api/leave/balances?employeeId=${sideways.id}`)).statusCode).toBe(200);
    const notReport = await send(director, 'POST', '/api/leave/requests', {
      employeeId: sideways.id,
      startDate: await nextFreeLeaveDay(h.db.prisma),
    });
    expect(notReport.statusCode).toBe(403);
    expect(notReport.json()).toEqual({ error: 'forbidden', reason: expect.stringContaining('manager') });
    const badDay = await send(await as('hr'), 'POST', '/api/leave/requests', {
      employeeId: await employeeOf('alice'),
      startDate: '2027-02-30',
    });
    expect(badDay.json()).toEqual({ error: 'bad_request', reason: expect.stringContaining('startDate') });
    expect(await h.db.prisma.leaveRequest.count()).toBe(count);
  });

  it('lists policies, public holidays, and who is off in a window', async () => {
    const hr = await as('hr');
    const policies = (await send(hr, 'GET', '/api/leave/policies')).json().data.policies;
    expect(policies[0].isDefault).toBe(true);
    const year = Number((await todayOf(h.db.prisma, 'alice')).slice(0, 4));
    const holidays = (await send(hr, 'GET', `/api/leave/holidays?year=${year}`)).json().data;
    expect(holidays.holidays.length).toBeGreaterThan(0);
    expect(holidays.holidays.every((d: { date: string }) => d.date.startsWith(String(year)))).toBe(true);
    const today = await todayOf(h.db.prisma, 'alice');
    const off = await send(hr, 'GET', `/api/leave/requests?status=APPROVED&from=${today}&to=${addDays(today, 14)}`);
    expect(off.statusCode).toBe(200);
    for (const r of off.json().data.requests) {
      expect(r.endDate >= today && r.startDate <= addDays(today, 14)).toBe(true);
    }
    const bad = await send(hr, 'GET', `/api/leave/requests?from=${today}&to=${addDays(today, -1)}`);
    expect(bad.json()).toEqual({ error: 'bad_request', reason: expect.stringContaining('to') });
  });
});

import { addDays, dayOfWeek, fromDbDate, yearOf } from '../../../engines/leave/dates';
import { authenticate } from '../../../engines/tokens/authenticate';
import { demoPeople } from '../../../prisma/seed';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import {
  balanceOf,
  cleanWeek,
  freeWorkingDay,
  idsOf,
  leaveCalendarOf,
  leaveRowCounts,
  recordingPort,
  todayOf,
} from '../../support/leave';

let h: ApiHarness;
let failStart = false;
const recorder = recordingPort();
const failing = recordingPort({ failWith: new Error('Temporal is unreachable') });
const tokens = new Map<DemoKey, string>();

beforeAll(async () => {
  // The port switches to a failing one for one test; the engine and the database run for real.
  h = await startApiHarness(
    { SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' },
    {
      leaveApproval: {
        start: (req) => (failStart ? failing.port : recorder.port).start(req),
        notifyChanged: (req) => recorder.port.notifyChanged(req),
      },
    },
  );
});
afterAll(() => h?.close());

async function tokenOf(who: DemoKey): Promise<string> {
  if (!tokens.has(who)) tokens.set(who, await tokenFor(h.db.prisma, who, ['leave:read', 'leave:write']));
  return tokens.get(who)!;
}

async function actorOf(who: DemoKey) {
  return authenticate(h.db.prisma, await tokenOf(who));
}

async function create(who: DemoKey, payload: object) {
  return h.app.inject({ method: 'POST', url: '/api/v1/leave/requests', headers: bearer(await tokenOf(who)), payload });
}

describe('POST /api/v1/leave/requests', () => {
  it('answers 201 with exactly the fields of the contract’s created leave request', async () => {
    const week = await cleanWeek(h.db.prisma, 'alice', 100);
    const res = await create('alice', { start_date: week.monday, end_date: addDays(week.monday, 2), reason: 'Hiking' });
    expect([res.statusCode, res.json().error]).toEqual([201, undefined]);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual([
      'end_date',
      'id',
      'policy',
      'start_date',
      'status',
      'total_days',
      'warnings',
    ]);
    expect(data).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      status: 'PENDING',
      policy: 'Annual leave',
      start_date: week.monday,
      end_date: addDays(week.monday, 2),
      total_days: 3,
      warnings: [],
    });
  });

  it('reserves the days as pending, routes to the manager and notifies them, in the same write', async () => {
    const week = await cleanWeek(h.db.prisma, 'alice', 114);
    const before = await balanceOf(h.db.prisma, 'alice', 'Annual leave', week.year);
    const res = await create('alice', { start_date: week.monday, end_date: week.friday });
    expect([res.statusCode, res.json().error]).toEqual([201, undefined]);
    const id = res.json().data.id as string;

    const after = await balanceOf(h.db.prisma, 'alice', 'Annual leave', week.year);
    expect(after.pending - before.pending).toBe(5);
    expect(after.used).toBe(before.used);
    const request = await h.db.prisma.leaveRequest.findUniqueOrThrow({ where: { id } });
    const manager = await idsOf(h.db.prisma, 'manager');
    expect(request).toMatchObject({
      status: 'PENDING',
      routedTo: 'MANAGER',
      approverEmployeeId: manager.employeeId,
      totalDays: 5,
    });
    const ledger = await h.db.prisma.leaveLedgerEntry.findMany({ where: { requestId: id } });
    expect(ledger.map((e) => ({ kind: e.kind, bucket: e.bucket, days: e.days, year: e.year }))).toEqual([
      { kind: 'reserve', bucket: 'pending', days: 5, year: week.year },
    ]);
    const notifications = await h.db.prisma.notification.findMany({
      where: { data: { path: ['requestId'], equals: id } },
    });
    expect(notifications.map((n) => [n.userId, n.kind])).toEqual([[manager.userId, 'leave.submitted']]);
  });

  it('starts the approval workflow after the commit and stores its id on the request', async () => {
    const week = await cleanWeek(h.db.prisma, 'alice', 128);
    const res = await create('alice', { start_date: week.monday });
    const id = res.json().data.id as string;
    const { tenantId } = await idsOf(h.db.prisma, 'alice');
    // With the request in words for the workflow's summary (who, which leave, which days) and its status.
    expect(recorder.started).toContainEqual({
      tenantId,
      requestId: id,
      summary: expect.stringMatching(/^Alice Anders, Annual leave, \w{3} \d{1,2} /),
      status: 'PENDING',
    });
    const request = await h.db.prisma.leaveRequest.findUniqueOrThrow({ where: { id } });
    expect(request.workflowId).toBe(`leave/${tenantId}/${id}`);
  });

  it('keeps the request, without a workflow id, when the workflow cannot be started', async () => {
    const week = await cleanWeek(h.db.prisma, 'alice', 142);
    failStart = true;
    try {
      const res = await create('alice', { start_date: week.monday });
      expect([res.statusCode, res.json().error]).toEqual([201, undefined]);
      const request = await h.db.prisma.leaveRequest.findUniqueOrThrow({ where: { id: res.json().data.id } });
      expect(request.status).toBe('PENDING');
      expect(request.workflowId).toBeNull();
      expect(failing.started).toHaveLength(1);
    } finally {
      failStart = false;
    }
  });

  it('reads days as consecutive calendar days: 3 from a Monday end on the Wednesday', async () => {
    const week = await cleanWeek(h.db.prisma, 'alice', 156);
    const res = await create('alice', { start_date: week.monday, days: 3 });
    expect(res.json().data).toMatchObject({
      start_date: week.monday,
      end_date: addDays(week.monday, 2),
      total_days: 3,
    });
  });

  it('counts only working days when days span a weekend', async () => {
    const week = await cleanWeek(h.db.prisma, 'alice', 170);
    const res = await create('alice', { start_date: week.friday, days: 1 + 2 });
    expect(res.json().data).toMatchObject({ end_date: addDays(week.friday, 2), total_days: 1 });
  });

  it('takes a half day as 0.5 days', async () => {
    const week = await cleanWeek(h.db.prisma, 'alice', 184);
    const res = await create('alice', { start_date: week.monday, half_day: true });
    expect(res.json().data).toMatchObject({ end_date: week.monday, total_days: 0.5 });
  });

  it('approves sick leave at once, using the days and informing the manager', async () => {
    const week = await cleanWeek(h.db.prisma, 'carol', 100);
    const before = await balanceOf(h.db.prisma, 'carol', 'Sick leave', week.year);
    const res = await create('carol', { start_date: week.monday, days: 2, policy: 'Sick leave' });
    expect([res.statusCode, res.json().error]).toEqual([201, undefined]);
    expect(res.json().data).toMatchObject({ status: 'APPROVED', policy: 'Sick leave', total_days: 2 });
    const after = await balanceOf(h.db.prisma, 'carol', 'Sick leave', week.year);
    expect([after.used - before.used, after.pending - before.pending]).toEqual([2, 0]);
    const request = await h.db.prisma.leaveRequest.findUniqueOrThrow({ where: { id: res.json().data.id } });
    expect(request).toMatchObject({ routedTo: 'AUTO', approverEmployeeId: null });
    const salesManager = await idsOf(h.db.prisma, 'salesManager');
    const notifications = await h.db.prisma.notification.findMany({
      where: { data: { path: ['requestId'], equals: request.id } },
    });
    expect(notifications.map((n) => [n.userId, n.kind])).toEqual([[salesManager.userId, 'leave.recorded']]);
    expect(recorder.started.map((s) => s.requestId)).toContain(request.id);
  });

  it('finds a policy by kind, case-insensitively, and by id', async () => {
    const week = await cleanWeek(h.db.prisma, 'carol', 114);
    const byKind = await create('carol', { start_date: week.monday, policy: 'SICK' });
    expect(byKind.json().data.policy).toBe('Sick leave');
    const { tenantId } = await idsOf(h.db.prisma, 'carol');
    const unpaid = await h.db.prisma.leavePolicy.findFirstOrThrow({ where: { tenantId, name: 'Unpaid leave' } });
    const byId = await create('carol', { start_date: week.friday, policy: 'Sick leave', policy_id: unpaid.id });
    expect(byId.json().data.policy).toBe('Unpaid leave');
  });

  it('routes a request of someone without a manager to HR and notifies every HR user but them', async () => {
    const week = await cleanWeek(h.db.prisma, 'owner', 100);
    const res = await create('owner', { start_date: week.monday, days: 2 });
    const request = await h.db.prisma.leaveRequest.findUniqueOrThrow({ where: { id: res.json().data.id } });
    expect(request).toMatchObject({ status: 'PENDING', routedTo: 'HR', approverEmployeeId: null });
    const notified = await h.db.prisma.notification.findMany({
      where: { data: { path: ['requestId'], equals: request.id } },
    });
    const hr = await idsOf(h.db.prisma, 'hr');
    const admin = await idsOf(h.db.prisma, 'admin');
    expect(notified.map((n) => n.userId).sort()).toEqual([hr.userId, admin.userId].sort());
  });

  it('routes to the manager while they can sign in, and to HR once their user is deactivated', async () => {
    const manager = await idsOf(h.db.prisma, 'manager');
    // Unpaid leave is approved like any other but takes nothing from a balance a later test of this file spends.
    const week = await cleanWeek(h.db.prisma, 'alice', 110);
    const routed = await create('alice', { start_date: week.monday, days: 1, policy: 'Unpaid leave' });
    const first = await h.db.prisma.leaveRequest.findUniqueOrThrow({ where: { id: routed.json().data.id } });
    expect(first).toMatchObject({ routedTo: 'MANAGER', approverEmployeeId: manager.employeeId });
    await h.db.prisma.user.update({ where: { id: manager.userId }, data: { status: 'deactivated' } });
    try {
      const res = await create('alice', { start_date: addDays(week.monday, 2), days: 1, policy: 'Unpaid leave' });
      const request = await h.db.prisma.leaveRequest.findUniqueOrThrow({ where: { id: res.json().data.id } });
      expect(request).toMatchObject({ status: 'PENDING', routedTo: 'HR', approverEmployeeId: null });
    } finally {
      await h.db.prisma.user.update({ where: { id: manager.userId }, data: { status: 'active' } });
    }
  });

  it('warns of short notice, public holidays, colleagues away and a negative balance, and still creates', async () => {
    // Carol's next free working day (her own requests start two weeks out at the earliest; holidays are skipped).
    const today = await todayOf(h.db.prisma, 'carol');
    const soon = await freeWorkingDay(h.db.prisma, await actorOf('carol'), 1);
    const short = await create('carol', { start_date: soon, policy: 'Unpaid leave' });
    expect([short.statusCode, short.json().error]).toEqual([201, undefined]);
    expect(short.json().data.warnings.map((w: { code: string }) => w.code)).toContain('short_notice');

    // A weekday holiday more than 30 days out after a free working day of bob's, in the same year (Christmas Day
    // follows Christmas Eve, itself a holiday in Acme's calendar, so not every holiday qualifies).
    const bob = await leaveCalendarOf(h.db.prisma, await actorOf('bob'));
    const holiday = [...bob.holidays].sort().find((d) => {
      const before = addDays(d, -1);
      return (
        d > addDays(today, 30) &&
        ![0, 6].includes(dayOfWeek(d)) &&
        !bob.isTaken(d) &&
        bob.isFreeWorkingDay(before) &&
        yearOf(before) === yearOf(d)
      );
    });
    const around = await create('bob', {
      start_date: addDays(holiday!, -1),
      end_date: holiday!,
      policy: 'Unpaid leave',
    });
    expect([around.statusCode, around.json().error]).toEqual([201, undefined]);
    expect(around.json().data.warnings).toContainEqual({
      code: 'public_holiday_in_range',
      message: expect.stringContaining(holiday!),
    });

    // Alice (same manager and department) has a pending request that week: bob, who may not see her, gets a
    // count; their manager, who may, gets her name.
    const week = await cleanWeek(h.db.prisma, ['alice', 'bob', 'manager'], 100);
    const alices = await create('alice', { start_date: week.monday, days: 2 });
    expect([alices.statusCode, alices.json().error]).toEqual([201, undefined]);
    const bobs = await create('bob', { start_date: week.monday, days: 1 });
    expect(bobs.json().data.warnings).toContainEqual({
      code: 'overlapping_team_absence',
      message: '1 colleague(s) of your team or department are also away or asking to be',
    });
    const managers = await create('manager', { start_date: addDays(week.monday, 1), days: 1 });
    expect(managers.json().data.warnings).toContainEqual({
      code: 'overlapping_team_absence',
      message: expect.stringContaining(demoPeople.alice.name),
    });

    const sickWeek = await cleanWeek(h.db.prisma, 'bob', 200, { days: 19 });
    const long = await create('bob', { start_date: sickWeek.monday, days: 19, policy: 'Sick leave' });
    expect([long.statusCode, long.json().error]).toEqual([201, undefined]);
    expect(long.json().data.warnings.map((w: { code: string }) => w.code)).toContain('negative_balance');
  });

  it('lets only one of two identical requests sent at once through', async () => {
    const week = await cleanWeek(h.db.prisma, 'carol', 200);
    const payload = { start_date: week.monday, end_date: week.friday };
    const [a, b] = await Promise.all([create('carol', payload), create('carol', payload)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    const refused = a.statusCode === 400 ? a : b;
    expect(refused.json().error.message).toMatch(/^start_date: overlaps your PENDING request/);
  });
});

describe('POST /api/v1/leave/requests with a bad input', () => {
  const cases: Array<[string, (ctx: BadInputContext) => object, RegExp]> = [
    ['no start_date', () => ({ end_date: '2030-01-04' }), /^start_date: /],
    ['a malformed start_date', () => ({ start_date: '2030/01/04' }), /^start_date: must be a date written YYYY-MM-DD/],
    ['a start_date that is not a real day', () => ({ start_date: '2027-02-29' }), /^start_date: must be a real date/],
    [
      'an end_date before the start_date',
      (c) => ({ start_date: c.week.friday, end_date: c.week.monday }),
      /^end_date: must not be before start_date/,
    ],
    [
      'both end_date and days',
      (c) => ({ start_date: c.week.monday, end_date: c.week.friday, days: 5 }),
      /^days: give either end_date or days, not both/,
    ],
    ['zero days', (c) => ({ start_date: c.week.monday, days: 0 }), /^days: /],
    ['a fraction of days', (c) => ({ start_date: c.week.monday, days: 1.5 }), /^days: /],
    [
      'an unknown policy',
      (c) => ({ start_date: c.week.monday, policy: 'Sabbatical' }),
      /^policy: no leave policy named "Sabbatical"/,
    ],
    [
      'an unknown policy_id',
      (c) => ({ start_date: c.week.monday, policy_id: '01900000-0000-7000-8000-000000000000' }),
      /^policy_id: no active leave policy has id/,
    ],
    ['a policy_id that is not a uuid', (c) => ({ start_date: c.week.monday, policy_id: 'annual' }), /^policy_id: /],
    [
      'a half day over several days',
      (c) => ({ start_date: c.week.monday, end_date: c.week.friday, half_day: true }),
      /^half_day: only a single-day request can be a half day/,
    ],
    [
      'a half day of a policy without half days',
      (c) => ({ start_date: c.week.monday, half_day: true, policy: 'Parental leave' }),
      /^half_day: Parental leave cannot be taken in half days/,
    ],
    [
      'dates overlapping the employee’s pending request',
      (c) => ({ start_date: c.pendingStart }),
      /^start_date: overlaps your PENDING request/,
    ],
    [
      'more days than the balance holds',
      (c) => ({ start_date: c.week.monday, days: 60 }),
      /^days: needs \d+(\.5)? days of Annual leave in \d{4} but only/,
    ],
    [
      'annual leave starting in the past',
      (c) => ({ start_date: addDays(c.today, -1) }),
      /^start_date: Annual leave cannot start in the past/,
    ],
    [
      'sick leave further back than 30 days',
      (c) => ({ start_date: addDays(c.today, -40), policy: 'Sick leave' }),
      /^start_date: Sick leave can start at most 30 days in the past/,
    ],
    [
      'a weekend only',
      (c) => ({ start_date: addDays(c.week.monday, 5), end_date: addDays(c.week.monday, 6) }),
      /^end_date: .* has no working days/,
    ],
    ['an unknown field', (c) => ({ start_date: c.week.monday, end: c.week.friday }), /^body: /],
    ['a reason over 500 characters', (c) => ({ start_date: c.week.monday, reason: 'x'.repeat(501) }), /^reason: /],
    ['half_day that is not a boolean', (c) => ({ start_date: c.week.monday, half_day: 'yes' }), /^half_day: /],
  ];

  interface BadInputContext {
    week: { monday: string; friday: string };
    today: string;
    pendingStart: string;
  }
  let ctx: BadInputContext;
  beforeAll(async () => {
    const alice = await idsOf(h.db.prisma, 'alice');
    const pending = await h.db.prisma.leaveRequest.findFirstOrThrow({
      where: { employeeId: alice.employeeId, status: 'PENDING' },
      orderBy: { startDate: 'asc' },
    });
    ctx = {
      week: await cleanWeek(h.db.prisma, 'alice', 300),
      today: await todayOf(h.db.prisma, 'alice'),
      pendingStart: fromDbDate(pending.startDate),
    };
  });

  it.each(cases)(
    'answers 400 validation_error naming the field for %s, and writes nothing',
    async (_what, body, message) => {
      const before = await leaveRowCounts(h.db.prisma);
      const startsBefore = recorder.started.length;
      const res = await create('alice', body(ctx));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
      expect(res.json().error.message).toMatch(message);
      expect(await leaveRowCounts(h.db.prisma)).toEqual(before);
      expect(recorder.started).toHaveLength(startsBefore);
    },
  );

  it('answers 403 to a token without leave:write, and writes nothing', async () => {
    const before = await leaveRowCounts(h.db.prisma);
    const token = await tokenFor(h.db.prisma, 'alice', ['leave:read']);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/leave/requests',
      headers: bearer(token),
      payload: { start_date: ctx.week.monday },
    });
    expect(res.statusCode).toBe(403);
    expect(await leaveRowCounts(h.db.prisma)).toEqual(before);
  });
});

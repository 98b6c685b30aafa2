import { addDays } from '../../../engines/leave/dates';
import { overtimeToPay } from '../../../engines/timeTracking/overtimeToPay';
import { monthBounds } from '../../../engines/timeTracking/timeDays';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { todayOf } from '../../support/leave';
import { at, cleanPastWeek, employeeIdOf } from '../../support/timeTracking';
import { queuedWebhookOf } from '../../support/webhooks';

/**
 * Timesheets (company-api.md, Time Tracking) through the HTTP API: the week and month as they stand, each figure
 * equal to a hand computation (targets less a public holiday and a half day of leave, overtime), sign-off through
 * Approval Flows, the approved overtime Payroll reads, withdrawal, rejection and resubmission.
 */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());

const scopes = ['time-tracking:read', 'time-tracking:write', 'approval-flows:read', 'approval-flows:write'];
const as = async (who: DemoKey) => bearer(await tokenFor(h.db.prisma, who, scopes as never));
const send = async (who: DemoKey, method: string, url: string, payload?: object) =>
  h.app.inject({ method: method as 'GET', url, headers: await as(who), ...(payload ? { payload } : {}) });
const post = (who: DemoKey, from: string, to: string, breakMinutes = 0) =>
  send(who, 'POST', '/api/time-tracking/entries', { startedAt: from, endedAt: to, breakMinutes });
const rows = async () => ({
  timesheets: await h.db.prisma.timesheet.count(),
  approvals: await h.db.prisma.approvalInstance.count(),
  notifications: await h.db.prisma.notification.count(),
});
const iso = (d: Date) => d.toISOString();

/** Carol's week: a holiday on Thursday, a half day of approved leave on Friday. */
let monday: string;
beforeAll(async () => {
  monday = await cleanPastWeek(h.db.prisma, 'carol', 3);
  const carol = await h.db.prisma.employee.findFirstOrThrow({ where: { email: 'carol@acme.test' } });
  const policy = await h.db.prisma.leavePolicy.findFirstOrThrow({
    where: { tenantId: carol.tenantId, kind: 'annual' },
  });
  await h.db.prisma.publicHoliday.create({
    data: { tenantId: carol.tenantId, date: new Date(`${addDays(monday, 3)}T00:00:00Z`), name: 'Test holiday' },
  });
  await h.db.prisma.leaveRequest.create({
    data: {
      tenantId: carol.tenantId,
      employeeId: carol.id,
      policyId: policy.id,
      startDate: new Date(`${addDays(monday, 4)}T00:00:00Z`),
      endDate: new Date(`${addDays(monday, 4)}T00:00:00Z`),
      halfDay: true,
      totalDays: 0.5,
      status: 'APPROVED',
      routedTo: 'MANAGER',
      createdByUserId: carol.userId!,
    },
  });
  const day = (n: number) => addDays(monday, n);
  for (const [n, from, to, pause] of [
    [0, '07:00', '15:30', 30], // 480
    [1, '07:00', '16:30', 30], // 540
    [2, '06:00', '17:00', 30], // 630: over the daily limit of 600
    [3, '07:00', '09:00', 0], // 120 on the holiday
    [4, '07:00', '11:00', 0], // 240 on the half day
  ] as const) {
    expect((await post('carol', iso(at(day(n), from)), iso(at(day(n), to)), pause)).statusCode).toBe(201);
  }
});

describe('timesheets', () => {
  it('shows the week as it stands, each figure a hand computation', async () => {
    const res = await send('carol', 'GET', `/api/time-tracking/timesheets/week?date=${addDays(monday, 2)}`);
    expect(res.statusCode).toBe(200);
    const { week } = res.json().data;
    expect(week.days.map((d: { workedMinutes: number }) => d.workedMinutes)).toEqual([480, 540, 630, 120, 240, 0, 0]);
    // 480 a working day; none on the holiday and the weekend; half on the half day of leave.
    expect(week.days.map((d: { targetMinutes: number }) => d.targetMinutes)).toEqual([480, 480, 480, 0, 240, 0, 0]);
    expect(week.days[2].warnings).toEqual(['daily_limit_exceeded']);
    expect(week).toMatchObject({
      weekStart: monday,
      weekEnd: addDays(monday, 6),
      workedMinutes: 2010,
      targetMinutes: 1680,
      overtimeMinutes: 330,
      warnings: ['daily_limit_exceeded'],
      timesheet: null,
    });
    // Her manager sees it; someone outside her team does not.
    const byManager = await send(
      'salesManager',
      'GET',
      `/api/time-tracking/timesheets/week?date=${monday}&employeeId=${await employeeIdOf(h.db.prisma, 'carol')}`,
    );
    expect(byManager.json().data.week.workedMinutes).toBe(2010);
    const byBob = await send(
      'bob',
      'GET',
      `/api/time-tracking/timesheets/week?employeeId=${await employeeIdOf(h.db.prisma, 'carol')}`,
    );
    expect(byBob.statusCode).toBe(404);
  });

  it('signs the week off through Approval Flows; Payroll reads the approved overtime in the month of its Sunday', async () => {
    const hook = await queuedWebhookOf(h.db.prisma, 'hr', [
      'time_tracking.timesheet.submitted',
      'time_tracking.timesheet.approved',
    ]);
    const submitted = await send('carol', 'POST', '/api/time-tracking/timesheets', { weekStart: monday });
    expect(submitted.statusCode).toBe(201);
    const sheet = submitted.json().data.timesheet;
    expect(sheet).toMatchObject({
      status: 'SUBMITTED',
      weekStart: monday,
      workedMinutes: 2010,
      targetMinutes: 1680,
      overtimeMinutes: 330,
      warnings: ['daily_limit_exceeded'],
    });
    const approval = (await send('hr', 'GET', `/api/approval-flows/approvals/${sheet.approvalId}`)).json().data
      .approval;
    expect(approval.steps.map((s: { name: string }) => s.name)).toEqual(['Manager']);
    const salesManager = await h.db.prisma.user.findFirstOrThrow({ where: { email: 'sales.manager@acme.test' } });
    expect(
      await h.db.prisma.notification.count({
        where: { userId: salesManager.id, kind: 'time_tracking.timesheet_submitted' },
      }),
    ).toBe(1);
    const inbox = (await send('salesManager', 'GET', '/api/approval-flows/approvals?assignee=me')).json().data
      .approvals;
    expect(inbox.map((a: { id: string }) => a.id)).toContain(sheet.approvalId);

    const again = await send('carol', 'POST', '/api/time-tracking/timesheets', { weekStart: monday });
    expect([again.statusCode, again.json().reason]).toEqual([
      409,
      `This week is already SUBMITTED (timesheet ${sheet.id})`,
    ]);
    expect(
      (await send('carol', 'POST', '/api/approval-flows/approvals/' + sheet.approvalId + '/approve', {})).statusCode,
    ).toBe(403);
    const approved = await send('salesManager', 'POST', `/api/approval-flows/approvals/${sheet.approvalId}/approve`, {
      comment: 'fine',
    });
    expect(approved.json().data.outcome).toBe('approved');
    const read = (await send('carol', 'GET', `/api/time-tracking/timesheets/${sheet.id}`)).json().data.timesheet;
    expect(read).toMatchObject({ status: 'APPROVED', decisionComment: 'fine', decidedAt: expect.any(String) });
    const carolUser = await h.db.prisma.user.findFirstOrThrow({ where: { email: 'carol@acme.test' } });
    expect(
      await h.db.prisma.notification.count({
        where: { userId: carolUser.id, kind: 'time_tracking.timesheet_approved' },
      }),
    ).toBe(1);
    expect((await hook.deliveries()).map((d) => d.eventType)).toEqual([
      'time_tracking.timesheet.submitted',
      'time_tracking.timesheet.approved',
    ]);
    expect((await send('carol', 'POST', `/api/time-tracking/timesheets/${sheet.id}/cancel`)).statusCode).toBe(409);

    const sunday = addDays(monday, 6);
    const { first, last } = monthBounds(sunday.slice(0, 7));
    const carol = await employeeIdOf(h.db.prisma, 'carol');
    const bob = await employeeIdOf(h.db.prisma, 'bob');
    const acme = await h.db.prisma.tenant.findFirstOrThrow({ where: { domain: 'acme.test' } });
    // Payroll pays the week with the month of its Sunday, not before.
    expect(await overtimeToPay(h.db.prisma, acme.id, [carol, bob], last)).toEqual([
      { timesheetId: sheet.id, employeeId: carol, weekStart: monday, weekEnd: sunday, minutes: 330 },
    ]);
    expect(await overtimeToPay(h.db.prisma, acme.id, [carol], addDays(first, -1))).toEqual([]);
    const month = (await send('carol', 'GET', `/api/time-tracking/timesheets/month?month=${sunday.slice(0, 7)}`)).json()
      .data;
    const week = month.weeks.find((w: { weekStart: string }) => w.weekStart === monday);
    expect(week).toMatchObject({ overtimeMinutes: 330, timesheet: { id: sheet.id, status: 'APPROVED' } });
    expect(month.weeks.every((w: { weekEnd: string }) => w.weekEnd.slice(0, 7) === sunday.slice(0, 7))).toBe(true);
    expect(month.overtimeMinutes).toBe(
      month.weeks.reduce((s: number, w: { overtimeMinutes: number }) => s + w.overtimeMinutes, 0),
    );
    expect(
      (await send('carol', 'GET', '/api/time-tracking/timesheets?status=APPROVED'))
        .json()
        .data.timesheets.map((t: { id: string }) => t.id),
    ).toEqual([sheet.id]);
  });

  it('withdraws a submitted week (own or HR’s), editable again; a rejected week is submitted anew', async () => {
    const week = await cleanPastWeek(h.db.prisma, 'bob', 5);
    expect((await post('bob', iso(at(week, '07:00')), iso(at(week, '17:00')))).statusCode).toBe(201);
    const first = (await send('bob', 'POST', '/api/time-tracking/timesheets', { weekStart: week })).json().data
      .timesheet;
    expect(first).toMatchObject({ workedMinutes: 600, targetMinutes: 2400, overtimeMinutes: 0 });
    expect((await send('manager', 'POST', `/api/time-tracking/timesheets/${first.id}/cancel`)).statusCode).toBe(403);
    expect((await send('alice', 'POST', `/api/time-tracking/timesheets/${first.id}/cancel`)).statusCode).toBe(404);
    const withdrawn = await send('bob', 'POST', `/api/time-tracking/timesheets/${first.id}/cancel`);
    expect(withdrawn.json().data.timesheet.status).toBe('CANCELLED');
    const approval = (await send('hr', 'GET', `/api/approval-flows/approvals/${first.approvalId}`)).json().data
      .approval;
    expect(approval.status).toBe('CANCELLED');
    expect((await post('bob', iso(at(addDays(week, 1), '07:00')), iso(at(addDays(week, 1), '17:00')))).statusCode).toBe(
      201,
    );

    const second = (await send('bob', 'POST', '/api/time-tracking/timesheets', { weekStart: week })).json().data
      .timesheet;
    expect(second.workedMinutes).toBe(1200);
    const rejected = await send('manager', 'POST', `/api/approval-flows/approvals/${second.approvalId}/reject`, {
      comment: 'Tuesday looks wrong',
    });
    expect(rejected.json().data.outcome).toBe('rejected');
    expect(
      (await send('bob', 'GET', `/api/time-tracking/timesheets/week?date=${week}`)).json().data.week.timesheet,
    ).toEqual({ id: second.id, status: 'REJECTED' });
    expect((await post('bob', iso(at(addDays(week, 2), '07:00')), iso(at(addDays(week, 2), '08:00')))).statusCode).toBe(
      201,
    );
    const third = (await send('bob', 'POST', '/api/time-tracking/timesheets', { weekStart: week })).json().data
      .timesheet;
    expect([third.id === second.id, third.status, third.workedMinutes]).toEqual([false, 'SUBMITTED', 1260]);
    expect(
      (await send('hr', 'POST', `/api/time-tracking/timesheets/${third.id}/cancel`)).json().data.timesheet.status,
    ).toBe('CANCELLED');
  });

  it('answers 400 naming the field, 409 for an open entry, 404 out of sight, writing nothing', async () => {
    const today = await todayOf(h.db.prisma, 'director');
    const week = await cleanPastWeek(h.db.prisma, 'director', 2);
    const director = await h.db.prisma.employee.findFirstOrThrow({ where: { email: 'director@acme.test' } });
    await h.db.prisma.timeEntry.create({
      data: {
        tenantId: director.tenantId,
        employeeId: director.id,
        startedAt: at(week, '08:00'),
        date: new Date(`${week}T00:00:00Z`),
        source: 'clock',
        createdByUserId: director.userId!,
      },
    });
    let thisMonday = today;
    while (new Date(`${thisMonday}T00:00:00Z`).getUTCDay() !== 1) thisMonday = addDays(thisMonday, -1);
    const before = await rows();
    const cases: Array<[string, string, object | undefined, number, string]> = [
      ['POST', '/api/time-tracking/timesheets', { weekStart: addDays(week, 1) }, 400, 'weekStart'],
      ['POST', '/api/time-tracking/timesheets', { weekStart: thisMonday }, 400, 'weekStart'],
      ['POST', '/api/time-tracking/timesheets', { weekStart: '2026-13-01' }, 400, 'weekStart'],
      ['POST', '/api/time-tracking/timesheets', {}, 400, 'weekStart'],
      ['POST', '/api/time-tracking/timesheets', { weekStart: week, employeeId: director.id }, 400, 'employeeId'],
      ['POST', '/api/time-tracking/timesheets', { weekStart: week }, 409, 'still open'],
      ['GET', '/api/time-tracking/timesheets/week?date=2027-02-29', undefined, 400, 'date'],
      ['GET', '/api/time-tracking/timesheets/month?month=2026-13', undefined, 400, 'month'],
      ['GET', '/api/time-tracking/timesheets/month?month=1850-01', undefined, 400, 'month'],
      ['GET', '/api/time-tracking/timesheets?status=OPEN', undefined, 400, 'status'],
      [
        'GET',
        `/api/time-tracking/timesheets/week?employeeId=${await employeeIdOf(h.db.prisma, 'carol')}`,
        undefined,
        404,
        'employee',
      ],
      ['GET', '/api/time-tracking/timesheets/00000000-0000-4000-8000-000000000000', undefined, 404, 'timesheet'],
      ['POST', '/api/time-tracking/timesheets/not-a-uuid/cancel', undefined, 400, 'id'],
    ];
    for (const [method, url, body, status, said] of cases) {
      const res = await send('director', method, url, body);
      expect({ url, body, status: res.statusCode }).toEqual({ url, body, status });
      expect(res.json().reason).toContain(said);
    }
    expect(await rows()).toEqual(before);
  });
});

import { addDays } from '../../../engines/leave/dates';
import { overtimeToPay } from '../../../engines/timeTracking/overtimeToPay';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { todayOf } from '../../support/leave';
import { at, cleanPastWeek, employeeIdOf } from '../../support/timeTracking';
import { queuedWebhookOf } from '../../support/webhooks';

/**
 * Time corrections (company-api.md, Time Tracking) through the HTTP API: the way to change a signed-off week. The
 * last approval applies the correction (an entry changed, or a missing one added) and the week's timesheet follows,
 * so the overtime Payroll pays does too; the rules of entries still hold.
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
const iso = (d: Date) => d.toISOString();
const rows = async () => ({
  corrections: await h.db.prisma.timeCorrection.count(),
  entries: await h.db.prisma.timeEntry.count(),
  approvals: await h.db.prisma.approvalInstance.count(),
  notifications: await h.db.prisma.notification.count(),
});
const decide = (who: DemoKey, approvalId: string, decision: 'approve' | 'reject') =>
  send(who, 'POST', `/api/approval-flows/approvals/${approvalId}/${decision}`, {});

describe('time corrections', () => {
  it('corrects an entry of an approved week on approval, and the week’s overtime follows', async () => {
    const monday = await cleanPastWeek(h.db.prisma, 'alice', 2);
    // Eight hours Monday to Friday: the target met, no overtime.
    const week5 = [];
    for (let n = 0; n < 5; n += 1) {
      const day = addDays(monday, n);
      const res = await send('alice', 'POST', '/api/time-tracking/entries', {
        startedAt: iso(at(day, '07:00')),
        endedAt: iso(at(day, '15:00')),
      });
      week5.push(res.json().data.entry);
    }
    const entry = week5[0];
    const sheet = (await send('alice', 'POST', '/api/time-tracking/timesheets', { weekStart: monday })).json().data
      .timesheet;
    await decide('manager', sheet.approvalId, 'approve');
    const locked = await send('alice', 'PATCH', `/api/time-tracking/entries/${entry.id}`, {
      endedAt: iso(at(monday, '19:00')),
    });
    expect(locked.statusCode).toBe(409);

    const hook = await queuedWebhookOf(h.db.prisma, 'hr', [
      'time_tracking.correction.submitted',
      'time_tracking.correction.approved',
    ]);
    // In truth she worked until 19:00 with half an hour's break on Monday: 11h 30m, 3h 30m more than posted.
    const asked = await send('alice', 'POST', '/api/time-tracking/corrections', {
      entryId: entry.id,
      startedAt: iso(at(monday, '07:00')),
      endedAt: iso(at(monday, '19:00')),
      breakMinutes: 30,
      reason: 'Release night, forgot to clock out',
    });
    expect(asked.statusCode).toBe(201);
    const correction = asked.json().data.correction;
    expect(correction).toMatchObject({
      status: 'PENDING',
      entryId: entry.id,
      date: monday,
      workedMinutes: 690,
      breakMinutes: 30,
    });
    const twice = await send('alice', 'POST', '/api/time-tracking/corrections', {
      entryId: entry.id,
      startedAt: iso(at(monday, '07:00')),
      endedAt: iso(at(monday, '18:00')),
      breakMinutes: 0,
      reason: 'again',
    });
    expect([twice.statusCode, twice.json().reason]).toEqual([409, expect.stringContaining(correction.id)]);
    const steps = (await send('hr', 'GET', `/api/approval-flows/approvals/${correction.approvalId}`)).json().data
      .approval;
    expect(steps.steps.map((s: { name: string }) => s.name)).toEqual(['Manager']);
    expect((await decide('alice', correction.approvalId, 'approve')).statusCode).toBe(403);
    expect((await decide('manager', correction.approvalId, 'approve')).json().data.outcome).toBe('approved');

    const after = (await send('alice', 'GET', `/api/time-tracking/entries/${entry.id}`)).json().data.entry;
    expect(after).toMatchObject({
      endedAt: iso(at(monday, '19:00')),
      breakMinutes: 30,
      workedMinutes: 690,
      source: 'manual',
    });
    const corrected = (await send('alice', 'GET', `/api/time-tracking/timesheets/${sheet.id}`)).json().data.timesheet;
    expect(corrected).toMatchObject({
      status: 'APPROVED',
      workedMinutes: 2610,
      targetMinutes: 2400,
      overtimeMinutes: 210,
    });
    expect(
      (await send('alice', 'GET', `/api/time-tracking/corrections/${correction.id}`)).json().data.correction.status,
    ).toBe('APPROVED');
    expect((await hook.deliveries()).map((d) => d.eventType)).toEqual([
      'time_tracking.correction.submitted',
      'time_tracking.correction.approved',
    ]);
    const aliceUser = await h.db.prisma.user.findFirstOrThrow({ where: { email: 'alice@acme.test' } });
    expect(
      await h.db.prisma.notification.count({
        where: { userId: aliceUser.id, kind: 'time_tracking.correction_approved' },
      }),
    ).toBe(1);

    // A missing Saturday added to the approved week: ten more hours of overtime, which Payroll pays.
    const saturday = addDays(monday, 5);
    const missing = (
      await send('alice', 'POST', '/api/time-tracking/corrections', {
        startedAt: iso(at(saturday, '06:00')),
        endedAt: iso(at(saturday, '16:00')),
        breakMinutes: 0,
        reason: 'Weekend incident',
      })
    ).json().data.correction;
    await decide('hr', missing.approvalId, 'approve');
    const week = (await send('alice', 'GET', `/api/time-tracking/timesheets/week?date=${monday}`)).json().data.week;
    expect(week.days[5].entryIds).toHaveLength(1);
    const added = (await send('alice', 'GET', `/api/time-tracking/entries/${week.days[5].entryIds[0]}`)).json().data
      .entry;
    expect(added).toMatchObject({ source: 'correction', workedMinutes: 600, note: 'Weekend incident' });
    expect(
      (await send('alice', 'GET', `/api/time-tracking/timesheets/${sheet.id}`)).json().data.timesheet,
    ).toMatchObject({ workedMinutes: 3210, overtimeMinutes: 810 });
    const alice = await employeeIdOf(h.db.prisma, 'alice');
    const sunday = addDays(monday, 6);
    const overtime = await overtimeToPay(h.db.prisma, aliceUser.tenantId, [alice], sunday);
    expect(overtime.map((w) => [w.timesheetId, w.minutes])).toEqual([[sheet.id, 810]]);
  });

  it('leaves the entry as it was when rejected, and withdraws a pending one (own or HR’s)', async () => {
    const monday = await cleanPastWeek(h.db.prisma, 'bob', 3);
    const entry = (
      await send('bob', 'POST', '/api/time-tracking/entries', {
        startedAt: iso(at(monday, '07:00')),
        endedAt: iso(at(monday, '12:00')),
      })
    ).json().data.entry;
    const ask = async () =>
      (
        await send('bob', 'POST', '/api/time-tracking/corrections', {
          entryId: entry.id,
          startedAt: iso(at(monday, '07:00')),
          endedAt: iso(at(monday, '13:00')),
          breakMinutes: 0,
          reason: 'one more hour',
        })
      ).json().data.correction;
    const first = await ask();
    expect((await decide('manager', first.approvalId, 'reject')).json().data.outcome).toBe('rejected');
    expect((await send('bob', 'GET', `/api/time-tracking/entries/${entry.id}`)).json().data.entry.workedMinutes).toBe(
      300,
    );
    const second = await ask();
    expect((await send('manager', 'POST', `/api/time-tracking/corrections/${second.id}/cancel`)).statusCode).toBe(403);
    expect((await send('carol', 'POST', `/api/time-tracking/corrections/${second.id}/cancel`)).statusCode).toBe(404);
    // Pending, it keeps the entry from being deleted.
    expect((await send('bob', 'DELETE', `/api/time-tracking/entries/${entry.id}`)).statusCode).toBe(409);
    const cancelled = await send('bob', 'POST', `/api/time-tracking/corrections/${second.id}/cancel`);
    expect(cancelled.json().data.correction.status).toBe('CANCELLED');
    const again = await send('hr', 'POST', `/api/time-tracking/corrections/${second.id}/cancel`);
    expect([again.statusCode, again.json().reason]).toEqual([409, 'This correction is already CANCELLED']);
    expect(
      (await send('bob', 'GET', `/api/approval-flows/approvals/${second.approvalId}`)).json().data.approval.status,
    ).toBe('CANCELLED');
    const listed = (await send('manager', 'GET', '/api/time-tracking/corrections?status=CANCELLED')).json().data
      .corrections;
    expect(listed.map((c: { id: string }) => c.id)).toEqual([second.id]);
  });

  it('refuses an overlap and someone else’s entry, and each bad input with 400 naming the field, writing nothing', async () => {
    const today = await todayOf(h.db.prisma, 'director');
    const day = addDays(today, -12);
    const mine = (
      await send('director', 'POST', '/api/time-tracking/entries', {
        startedAt: iso(at(day, '07:00')),
        endedAt: iso(at(day, '10:00')),
      })
    ).json().data.entry;
    const other = (
      await send('director', 'POST', '/api/time-tracking/entries', {
        startedAt: iso(at(day, '11:00')),
        endedAt: iso(at(day, '12:00')),
      })
    ).json().data.entry;
    const bobs = (
      await send('bob', 'POST', '/api/time-tracking/entries', {
        startedAt: iso(at(day, '07:00')),
        endedAt: iso(at(day, '08:00')),
      })
    ).json().data.entry;
    const open = (await send('director', 'POST', '/api/time-tracking/clock-in', {})).json().data.entry;
    const ok = {
      entryId: mine.id,
      startedAt: iso(at(day, '07:00')),
      endedAt: iso(at(day, '10:30')),
      breakMinutes: 0,
      reason: 'late',
    };
    const before = await rows();
    const cases: Array<[object, number, string]> = [
      [{ ...ok, endedAt: iso(at(day, '11:30')) }, 409, `overlaps entry ${other.id}`],
      [{ ...ok, entryId: bobs.id }, 403, 'Only the employee, or an HR_MANAGER'],
      [{ ...ok, entryId: undefined, employeeId: bobs.employeeId }, 403, 'for someone else'],
      [{ ...ok, employeeId: bobs.employeeId }, 400, 'employeeId'],
      [{ ...ok, entryId: open.id }, 409, 'open'],
      [{ ...ok, entryId: '00000000-0000-4000-8000-000000000000' }, 404, 'No time entry'],
      [{ ...ok, endedAt: iso(at(day, '06:00')) }, 400, 'endedAt'],
      [{ ...ok, endedAt: iso(at(addDays(today, 3), '06:00')) }, 400, 'endedAt'],
      [{ ...ok, breakMinutes: 300 }, 400, 'breakMinutes'],
      [{ ...ok, reason: '  ' }, 400, 'reason'],
      [{ ...ok, reason: 'r'.repeat(501) }, 400, 'reason'],
      [{ ...ok, entryId: 'x' }, 400, 'entryId'],
      [{ ...ok, startedAt: '2026-11-18 08:00' }, 400, 'startedAt'],
      [{ ...ok, breakMinutes: undefined }, 400, 'breakMinutes'],
      [{ ...ok, approver: 'me' }, 400, 'approver'],
    ];
    for (const [body, status, said] of cases) {
      const res = await send('director', 'POST', '/api/time-tracking/corrections', body);
      expect({ body, status: res.statusCode }).toEqual({ body, status });
      expect(res.json().reason).toContain(said);
    }
    expect(await rows()).toEqual(before);
    expect((await send('director', 'GET', '/api/time-tracking/corrections/not-a-uuid')).statusCode).toBe(400);
    expect(
      (await send('alice', 'GET', `/api/time-tracking/corrections?employeeId=${mine.employeeId}`)).json().data
        .corrections,
    ).toEqual([]);
  });
});

import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { testConfig } from '../../support/config';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { employeeIdOf } from '../../support/timeTracking';
import { defaultTimeTrackingPolicy } from '../../../engines/timeTracking/timePolicy';
import type { Scope } from '../../../engines/access/scopes';

/**
 * The live clock of Time Tracking (company-api.md) through the HTTP API: clock in and out, breaks, one open entry
 * per person, no overlap with it, warnings against the policy's limits, and HR's clock-in devices. The calendar
 * clock is the tests' own, moved forward by `later(...)` as a working day goes by.
 */
let h: ApiHarness;
let shiftMs = 0;
beforeAll(async () => {
  const base = testConfig({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
  const calendar = base.clock;
  h = await startApiHarness(
    {},
    { config: { ...base, clock: { now: () => new Date(calendar.now().getTime() + shiftMs) } } },
  );
});
afterAll(() => h?.close());
beforeEach(() => {
  shiftMs = 0;
});
const later = (minutes: number) => {
  shiftMs += minutes * 60_000;
};

const scopes: Scope[] = ['time-tracking:read', 'time-tracking:write'];
const as = async (who: DemoKey, opts: { kind?: 'company_api_key' | 'delegated_credential'; scopes?: Scope[] } = {}) =>
  bearer(await tokenFor(h.db.prisma, who, opts.scopes ?? scopes, opts.kind ? { kind: opts.kind } : {}));
const post = async (headers: Record<string, string>, url: string, payload: object = {}) =>
  h.app.inject({ method: 'POST', url: `/api/time-tracking${url}`, headers, payload });
const rows = async () => ({
  entries: await h.db.prisma.timeEntry.count(),
  breaks: await h.db.prisma.timeBreak.count(),
  notifications: await h.db.prisma.notification.count(),
});

describe('the live clock', () => {
  it('clocks in, takes a break, clocks out: worked minutes are the length less the break', async () => {
    const alice = await as('alice');
    const clockedIn = await post(alice, '/clock-in', { note: 'office' });
    expect(clockedIn.statusCode).toBe(201);
    const entry = clockedIn.json().data.entry;
    expect(entry).toMatchObject({ open: true, endedAt: null, source: 'clock', note: 'office', workedMinutes: 0 });
    expect(entry.employeeId).toBe(await employeeIdOf(h.db.prisma, 'alice'));

    later(240);
    const onBreak = await post(alice, '/breaks/start');
    expect(onBreak.json().data.entry).toMatchObject({ workedMinutes: 240, onBreakSince: expect.any(String) });
    const twice = await post(alice, '/breaks/start');
    expect([twice.statusCode, twice.json().reason]).toEqual([409, expect.stringContaining('Already on a break')]);
    later(30);
    const back = await post(alice, '/breaks/end');
    expect(back.json().data.entry).toMatchObject({ breakMinutes: 30, onBreakSince: null, workedMinutes: 240 });

    later(240);
    const out = await post(alice, '/clock-out', { note: 'done' });
    expect(out.statusCode).toBe(200);
    expect(out.json().data).toEqual({
      entry: expect.objectContaining({
        id: entry.id,
        open: false,
        breakMinutes: 30,
        workedMinutes: 480,
        note: 'office · done',
      }),
      warnings: [],
    });
    const again = await post(alice, '/clock-out');
    expect([again.statusCode, again.json().reason]).toEqual([409, expect.stringContaining('Not clocked in')]);
  });

  it('keeps one open entry per person, and refuses an entry posted over the open one (no overlaps)', async () => {
    const carol = await as('carol');
    const first = (await post(carol, '/clock-in')).json().data.entry;
    later(120);
    const before = await rows();
    const second = await post(carol, '/clock-in');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: 'conflict', reason: expect.stringContaining(first.id) });
    // Ninety minutes ago to half an hour ago: inside the open entry, which runs on until the clock-out.
    const now = Date.parse(first.startedAt) + 120 * 60_000;
    const overlapping = await post(carol, '/entries', {
      startedAt: new Date(now - 90 * 60_000).toISOString(),
      endedAt: new Date(now - 30 * 60_000).toISOString(),
    });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().reason).toContain(`overlaps entry ${first.id}`);
    expect(await rows()).toEqual(before);
    // Before the clock-in it fits.
    const earlier = await post(carol, '/entries', {
      startedAt: new Date(Date.parse(first.startedAt) - 60 * 60_000).toISOString(),
      endedAt: first.startedAt,
    });
    expect(earlier.statusCode).toBe(201);
    // A clock-out ends a break still under way.
    await post(carol, '/breaks/start');
    later(15);
    const out = (await post(carol, '/clock-out')).json().data.entry;
    expect(out).toMatchObject({ open: false, breakMinutes: 15, onBreakSince: null, workedMinutes: 120 });
  });

  it('warns of a day over the daily limit and a long day with too short a break, never refusing', async () => {
    const bob = await as('bob');
    await post(bob, '/clock-in');
    later(7 * 60);
    const sevenHours = (await post(bob, '/breaks/start')).json().data;
    expect(sevenHours.warnings).toEqual(['short_break']);
    later(10);
    await post(bob, '/breaks/end');
    later(4 * 60);
    const out = await post(bob, '/clock-out');
    expect(out.json().data).toMatchObject({
      entry: { workedMinutes: 11 * 60, breakMinutes: 10 },
      warnings: ['daily_limit_exceeded', 'short_break'],
    });
  });

  it('lets HR’s clock-in device (a company API key) clock anyone in; others only themselves', async () => {
    const device = await as('hr', { kind: 'company_api_key' });
    // Maya (a marketing manager, outside the others' teams) has no entry yet in this file.
    const maya = await employeeIdOf(h.db.prisma, 'marketingManager');
    const res = await post(device, '/clock-in', { employeeId: maya });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.entry).toMatchObject({ employeeId: maya, open: true });
    const before = await rows();
    const byAlice = await post(await as('alice', { kind: 'delegated_credential' }), '/clock-in', { employeeId: maya });
    expect([byAlice.statusCode, byAlice.json().error]).toEqual([403, 'forbidden']);
    const byManager = await post(await as('manager'), '/clock-out', { employeeId: maya });
    expect(byManager.statusCode).toBe(403);
    const unknown = await post(device, '/clock-in', { employeeId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    const globex = await post(await as('globexHr'), '/clock-out', { employeeId: maya });
    expect(globex.statusCode).toBe(404);
    expect(await rows()).toEqual(before);
    later(60);
    const out = await post(device, '/clock-out', { employeeId: maya });
    expect(out.json().data.entry).toMatchObject({ employeeId: maya, open: false, workedMinutes: 60 });
  });

  it('answers 409 for a break without an open entry, 400 naming the field, 401 and 403, writing nothing', async () => {
    const director = await as('director');
    const before = await rows();
    const cases: Array<[string, object, number, string]> = [
      ['/breaks/start', {}, 409, 'Not clocked in'],
      ['/breaks/end', {}, 409, 'Not clocked in'],
      ['/clock-out', {}, 409, 'Not clocked in'],
      ['/clock-in', { note: 'x'.repeat(501) }, 400, 'note'],
      ['/clock-in', { employeeId: 'bob' }, 400, 'employeeId'],
      ['/clock-in', { badge: 42 }, 400, 'badge'],
      ['/breaks/start', { note: 7 }, 400, 'note'],
    ];
    for (const [url, body, status, said] of cases) {
      const res = await post(director, url, body);
      expect({ url, body, status: res.statusCode }).toEqual({ url, body, status });
      expect(res.json().reason).toContain(said);
    }
    expect((await post({}, '/clock-in')).statusCode).toBe(401);
    const readOnly = await as('director', { scopes: ['time-tracking:read'] });
    expect((await post(readOnly, '/clock-in')).json()).toEqual({ error: 'forbidden', reason: expect.any(String) });
    expect(await rows()).toEqual(before);
  });

  it('refuses a bad working-time policy with 400 naming the field, and keeps the policy as it was', async () => {
    const hr = await as('hr');
    const policyOf = async () =>
      (await h.app.inject({ method: 'GET', url: '/api/time-tracking/policy', headers: hr })).json().data.policy;
    const before = await policyOf();
    for (const [change, field] of [
      [{ dailyTargetMinutes: -1 }, 'dailyTargetMinutes'],
      [{ dailyLimitMinutes: 1441 }, 'dailyLimitMinutes'],
      [{ weeklyLimitMinutes: 10081 }, 'weeklyLimitMinutes'],
      [{ minBreakMinutes: 'thirty' }, 'minBreakMinutes'],
      [{ forgottenAfterMinutes: 29 }, 'forgottenAfterMinutes'],
      [{ overtimeRatePercent: 99 }, 'overtimeRatePercent'],
      [{ overtimeRatePercent: 125.5 }, 'overtimeRatePercent'],
      [{ overtimeRatePercent: undefined }, 'overtimeRatePercent'],
      [{ nightShift: true }, 'nightShift'],
    ] as const) {
      const body = { ...defaultTimeTrackingPolicy, ...change };
      const res = await h.app.inject({ method: 'PUT', url: '/api/time-tracking/policy', headers: hr, payload: body });
      expect({ change, status: res.statusCode, error: res.json().error, reason: res.json().reason }).toEqual({
        change,
        status: 400,
        error: 'bad_request',
        reason: expect.stringContaining(field),
      });
    }
    expect(await policyOf()).toEqual(before);
  });
});

import { addDays } from '../../../engines/leave/dates';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { todayOf } from '../../support/leave';
import { at, cleanPastWeek, employeeIdOf } from '../../support/timeTracking';

/**
 * Past days posted closed (company-api.md, Time Tracking) through the HTTP API: counted on the day they began,
 * never overlapping (the rule "overlapping clock entries refused"), locked by a signed-off week and by a
 * closed pay period, visible to whom the usual rule says, and every bad input a 400 naming the field.
 */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());

const scopes = ['time-tracking:read', 'time-tracking:write', 'approval-flows:read', 'approval-flows:write'];
const as = async (who: DemoKey) => bearer(await tokenFor(h.db.prisma, who, scopes as never));
const send = async (who: DemoKey, method: string, url: string, payload?: object) =>
  h.app.inject({
    method: method as 'GET',
    url: `/api/time-tracking${url}`,
    headers: await as(who),
    ...(payload ? { payload } : {}),
  });
const rows = async () => ({
  entries: await h.db.prisma.timeEntry.count(),
  timesheets: await h.db.prisma.timesheet.count(),
  approvals: await h.db.prisma.approvalInstance.count(),
});
const iso = (d: Date) => d.toISOString();

describe('time entries posted closed', () => {
  it('posts a past day, counted on the day it began, seen by the person, their manager and HR only', async () => {
    const monday = await cleanPastWeek(h.db.prisma, 'bob', 2);
    const tuesday = addDays(monday, 1);
    const res = await send('bob', 'POST', '/entries', {
      startedAt: iso(at(tuesday, '07:00')),
      endedAt: iso(at(tuesday, '15:30')),
      breakMinutes: 30,
      note: 'forgot the badge',
    });
    expect(res.statusCode).toBe(201);
    const entry = res.json().data.entry;
    expect(res.json().data).toEqual({
      entry: {
        id: expect.any(String),
        employeeId: await employeeIdOf(h.db.prisma, 'bob'),
        employeeName: 'Bob Brown',
        date: tuesday,
        startedAt: iso(at(tuesday, '07:00')),
        endedAt: iso(at(tuesday, '15:30')),
        open: false,
        breakMinutes: 30,
        onBreakSince: null,
        workedMinutes: 480,
        source: 'manual',
        note: 'forgot the badge',
        flaggedAt: null,
        createdAt: expect.any(String),
      },
      warnings: [],
    });
    for (const [who, status] of [
      ['bob', 200],
      ['manager', 200],
      ['director', 200],
      ['hr', 200],
      ['alice', 404],
      ['salesManager', 404],
      ['globexHr', 404],
    ] as const) {
      const read = await send(who, 'GET', `/entries/${entry.id}`);
      expect({ who, status: read.statusCode }).toEqual({ who, status });
    }
    const list = await send('manager', 'GET', `/entries?from=${tuesday}&to=${tuesday}`);
    expect(list.json().data.entries.map((e: { id: string }) => e.id)).toContain(entry.id);
    const alices = await send('alice', 'GET', '/entries?limit=200');
    expect(alices.body).not.toContain(entry.id);
  });

  it('refuses overlapping entries of a person with 409 naming the other; touching ends are not an overlap', async () => {
    const monday = await cleanPastWeek(h.db.prisma, 'bob', 3);
    const first = (
      await send('bob', 'POST', '/entries', { startedAt: iso(at(monday, '07:00')), endedAt: iso(at(monday, '11:00')) })
    ).json().data.entry;
    const before = await rows();
    for (const [from, to] of [
      ['10:00', '12:00'],
      ['06:00', '07:30'],
      ['08:00', '09:00'],
      ['06:00', '12:00'],
    ] as const) {
      const res = await send('bob', 'POST', '/entries', {
        startedAt: iso(at(monday, from)),
        endedAt: iso(at(monday, to)),
      });
      expect({ from, to, status: res.statusCode }).toEqual({ from, to, status: 409 });
      expect(res.json().reason).toContain(`overlaps entry ${first.id}`);
    }
    expect(await rows()).toEqual(before);
    const touching = await send('bob', 'POST', '/entries', {
      startedAt: iso(at(monday, '11:00')),
      endedAt: iso(at(monday, '12:00')),
    });
    expect(touching.statusCode).toBe(201);
    // Another person's entry at the same time is no overlap; moving the second onto the first is.
    expect(
      (
        await send('alice', 'POST', '/entries', {
          startedAt: iso(at(monday, '08:00')),
          endedAt: iso(at(monday, '09:00')),
        })
      ).statusCode,
    ).toBe(201);
    const moved = await send('bob', 'PATCH', `/entries/${touching.json().data.entry.id}`, {
      startedAt: iso(at(monday, '10:30')),
    });
    expect([moved.statusCode, moved.json().reason]).toEqual([409, expect.stringContaining(first.id)]);
  });

  it('answers 400 naming the field for each bad input, writing nothing', async () => {
    const today = await todayOf(h.db.prisma, 'bob');
    const day = addDays(today, -10);
    const future = addDays(today, 2);
    const existing = (
      await send('bob', 'POST', '/entries', { startedAt: iso(at(day, '06:00')), endedAt: iso(at(day, '07:00')) })
    ).json().data.entry;
    const before = await rows();
    const ok = { startedAt: iso(at(day, '08:00')), endedAt: iso(at(day, '09:00')) };
    const cases: Array<[string, string, object, string]> = [
      ['POST', '/entries', { ...ok, endedAt: iso(at(day, '07:30')) }, 'endedAt'],
      ['POST', '/entries', { ...ok, endedAt: ok.startedAt }, 'endedAt'],
      ['POST', '/entries', { startedAt: iso(at(future, '08:00')), endedAt: iso(at(future, '09:00')) }, 'endedAt'],
      ['POST', '/entries', { startedAt: iso(at(day, '00:00')), endedAt: iso(at(addDays(day, 1), '01:00')) }, 'endedAt'],
      ['POST', '/entries', { ...ok, breakMinutes: 61 }, 'breakMinutes'],
      ['POST', '/entries', { ...ok, breakMinutes: -1 }, 'breakMinutes'],
      ['POST', '/entries', { ...ok, breakMinutes: 1.5 }, 'breakMinutes'],
      ['POST', '/entries', { ...ok, startedAt: 'yesterday at eight' }, 'startedAt'],
      ['POST', '/entries', { ...ok, startedAt: '1850-01-01T08:00:00Z' }, 'startedAt'],
      [
        'POST',
        '/entries',
        { startedAt: iso(at(addDays(today, -400), '08:00')), endedAt: iso(at(addDays(today, -400), '09:00')) },
        'startedAt',
      ],
      ['POST', '/entries', { ...ok, note: 'n'.repeat(501) }, 'note'],
      ['POST', '/entries', { ...ok, employeeId: 'me' }, 'employeeId'],
      ['POST', '/entries', { ...ok, project: 'x' }, 'project'],
      ['POST', '/entries', { endedAt: ok.endedAt }, 'startedAt'],
      ['PATCH', `/entries/${existing.id}`, {}, 'body'],
      ['PATCH', `/entries/${existing.id}`, { endedAt: iso(at(day, '05:00')) }, 'endedAt'],
      ['PATCH', `/entries/${existing.id}`, { breakMinutes: 90 }, 'breakMinutes'],
      ['PATCH', '/entries/not-an-id', { note: 'x' }, 'id'],
      ['GET', `/entries?from=${addDays(day, -400)}&to=${day}`, {}, 'to'],
      ['GET', `/entries?from=${day}&to=${addDays(day, -1)}`, {}, 'to'],
      ['GET', '/entries?from=2027-02-30', {}, 'from'],
      ['GET', '/entries?limit=201', {}, 'limit'],
      ['GET', '/entries?cursor=00000000-0000-4000-8000-000000000000', {}, 'cursor'],
    ];
    for (const [method, url, body, said] of cases) {
      const res = await send('bob', method, url, method === 'GET' ? undefined : body);
      expect({ url, body, status: res.statusCode }).toEqual({ url, body, status: 400 });
      expect(res.json()).toEqual({ error: 'bad_request', reason: expect.stringContaining(said) });
    }
    expect(await rows()).toEqual(before);
    expect((await h.app.inject({ method: 'POST', url: '/api/time-tracking/entries', payload: ok })).statusCode).toBe(
      401,
    );
  });

  it('changes and deletes one’s own entries, or anyone’s as HR; others get 403, or 404 when out of sight', async () => {
    const monday = await cleanPastWeek(h.db.prisma, 'bob', 4);
    const entry = (
      await send('bob', 'POST', '/entries', { startedAt: iso(at(monday, '08:00')), endedAt: iso(at(monday, '12:00')) })
    ).json().data.entry;
    expect((await send('manager', 'PATCH', `/entries/${entry.id}`, { note: 'x' })).statusCode).toBe(403);
    expect((await send('alice', 'PATCH', `/entries/${entry.id}`, { note: 'x' })).statusCode).toBe(404);
    expect((await send('manager', 'DELETE', `/entries/${entry.id}`)).statusCode).toBe(403);
    const byHr = await send('hr', 'PATCH', `/entries/${entry.id}`, {
      endedAt: iso(at(monday, '16:00')),
      breakMinutes: 20,
      note: null,
    });
    expect(byHr.json().data.entry).toMatchObject({ workedMinutes: 460, breakMinutes: 20, note: null });
    const moved = await send('bob', 'PATCH', `/entries/${entry.id}`, {
      startedAt: iso(at(addDays(monday, 1), '08:00')),
      endedAt: iso(at(addDays(monday, 1), '09:00')),
    });
    expect(moved.json().data.entry).toMatchObject({ date: addDays(monday, 1), workedMinutes: 40 });
    const deleted = await send('bob', 'DELETE', `/entries/${entry.id}`);
    expect([deleted.statusCode, deleted.json().data.entry.id]).toEqual([200, entry.id]);
    expect((await send('bob', 'GET', `/entries/${entry.id}`)).statusCode).toBe(404);
    expect((await send('bob', 'DELETE', `/entries/${entry.id}`)).statusCode).toBe(404);

    // A mistaken clock-in: only its note changes while open, and it can be deleted.
    const open = (await send('carol', 'POST', '/clock-in', {})).json().data.entry;
    const times = await send('carol', 'PATCH', `/entries/${open.id}`, { breakMinutes: 5 });
    expect([times.statusCode, times.json().reason]).toEqual([409, expect.stringContaining('clock out')]);
    expect((await send('carol', 'PATCH', `/entries/${open.id}`, { note: 'oops' })).json().data.entry.note).toBe('oops');
    expect((await send('carol', 'DELETE', `/entries/${open.id}`)).statusCode).toBe(200);
    expect((await send('carol', 'POST', '/clock-out', {})).statusCode).toBe(409);
  });

  it('refuses changes in a signed-off week (ask for a correction) and in a closed pay period, with 409', async () => {
    const monday = await cleanPastWeek(h.db.prisma, 'alice', 6);
    const entry = (
      await send('alice', 'POST', '/entries', {
        startedAt: iso(at(monday, '08:00')),
        endedAt: iso(at(monday, '16:00')),
      })
    ).json().data.entry;
    const sheet = await send('alice', 'POST', '/timesheets', { weekStart: monday });
    expect(sheet.statusCode).toBe(201);
    const before = await rows();
    const wednesday = addDays(monday, 2);
    const attempts = [
      await send('alice', 'POST', '/entries', {
        startedAt: iso(at(wednesday, '08:00')),
        endedAt: iso(at(wednesday, '09:00')),
      }),
      await send('alice', 'PATCH', `/entries/${entry.id}`, { breakMinutes: 10 }),
      await send('alice', 'DELETE', `/entries/${entry.id}`),
      await send('hr', 'PATCH', `/entries/${entry.id}`, { note: 'hr too' }),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(409);
      expect(res.json().reason).toContain(`is SUBMITTED (timesheet ${sheet.json().data.timesheet.id})`);
      expect(res.json().reason).toContain('/api/time-tracking/corrections');
    }
    expect(await rows()).toEqual(before);

    const old = await cleanPastWeek(h.db.prisma, 'alice', 20);
    const acme = await h.db.prisma.tenant.findFirstOrThrow({ where: { domain: 'acme.test' } });
    const [year, month] = old.split('-').map(Number) as [number, number];
    const period = await h.db.prisma.payPeriod.create({
      data: {
        tenantId: acme.id,
        year,
        month,
        startDate: new Date(Date.UTC(year, month - 1, 1)),
        endDate: new Date(Date.UTC(year, month, 0)),
        status: 'CLOSED',
        closedAt: new Date(),
      },
    });
    try {
      const closed = await send('alice', 'POST', '/entries', {
        startedAt: iso(at(old, '08:00')),
        endedAt: iso(at(old, '09:00')),
      });
      expect([closed.statusCode, closed.json().reason]).toEqual([
        409,
        expect.stringContaining(`Pay period ${old.slice(0, 7)} is CLOSED`),
      ]);
      expect(await rows()).toEqual(before);
    } finally {
      await h.db.prisma.payPeriod.delete({ where: { id: period.id } });
    }
  });
});

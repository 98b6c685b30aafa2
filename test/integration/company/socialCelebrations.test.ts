import { addDays } from '../../../lib/calendar/isoDate';
import { demoPeople } from '../../../prisma/seed';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { todayOf } from '../../support/leave';

/**
 * Social's celebrations (company-api.md) through the HTTP API on the real PostgreSQL, on chosen dates (never the
 * day the suite runs, except where the default range is the point, and then read from the tests' calendar clock):
 * birthdays only with the person's consent and never with the year of birth, 29 February in other years, work
 * anniversaries in completed years, the caller's visibility of people, and the bounded range.
 */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => h?.close());

const send = async (who: DemoKey, method: string, url: string, payload?: object) =>
  h.app.inject({
    method: method as 'GET',
    url,
    headers: bearer(await tokenFor(h.db.prisma, who, ['social:read', 'social:write'])),
    ...(payload ? { payload } : {}),
  });
const idOf = async (who: DemoKey) =>
  (await h.db.prisma.employee.findFirstOrThrow({ where: { email: demoPeople[who].email } })).id;
const setPerson = async (
  who: DemoKey,
  data: { dateOfBirth?: string | null; hireDate?: string; showBirthday?: boolean; terminationDate?: string | null },
) =>
  h.db.prisma.employee.update({
    where: { id: await idOf(who) },
    data: {
      ...(data.dateOfBirth !== undefined
        ? { dateOfBirth: data.dateOfBirth ? new Date(`${data.dateOfBirth}T00:00:00Z`) : null }
        : {}),
      ...(data.hireDate ? { hireDate: new Date(`${data.hireDate}T00:00:00Z`) } : {}),
      ...(data.showBirthday !== undefined ? { showBirthday: data.showBirthday } : {}),
      ...(data.terminationDate !== undefined
        ? { terminationDate: data.terminationDate ? new Date(`${data.terminationDate}T00:00:00Z`) : null }
        : {}),
    },
  });

interface Celebration {
  type: string;
  date: string;
  employeeId: string;
  name: string;
  years: number | null;
}
async function celebrations(who: DemoKey, query: string): Promise<Celebration[]> {
  const res = await send(who, 'GET', `/api/social/celebrations${query}`);
  expect([res.statusCode, res.body]).toEqual([200, expect.any(String)]);
  return res.json().data.celebrations;
}
const of = async (list: Celebration[], who: DemoKey) => {
  const id = await idOf(who);
  return list.filter((c) => c.employeeId === id).map(({ type, date, years }) => ({ type, date, years }));
};

beforeAll(async () => {
  // Hire dates away from the ranges below unless a test sets one.
  await setPerson('alice', { dateOfBirth: '1990-03-10', hireDate: '2020-07-15', showBirthday: false });
  await setPerson('bob', { dateOfBirth: '1992-02-29', hireDate: '2021-08-15', showBirthday: true });
  await setPerson('carol', { dateOfBirth: '1985-03-12', hireDate: '2022-09-15', showBirthday: true });
});

describe('birthdays', () => {
  it('are shown only once the person consents, as this year’s day: never the year of birth nor an age', async () => {
    const range = '?from=2027-03-01&to=2027-03-31';
    expect(await of(await celebrations('hr', range), 'alice')).toEqual([]);
    const consent = await send('alice', 'PUT', '/api/social/birthday-consent', { showBirthday: true });
    expect([consent.statusCode, consent.json().data]).toEqual([
      200,
      { employeeId: await idOf('alice'), showBirthday: true },
    ]);
    const res = await send('hr', 'GET', `/api/social/celebrations${range}&type=birthday`);
    const aliceId = await idOf('alice');
    const alice = res.json().data.celebrations.filter((c: Celebration) => c.employeeId === aliceId);
    expect(alice).toEqual([
      { type: 'birthday', date: '2027-03-10', employeeId: aliceId, name: 'Alice Anders', years: null },
    ]);
    expect(res.body).not.toContain('1990');
    expect(res.body).not.toMatch(/age|dateOfBirth/i);
    await send('alice', 'PUT', '/api/social/birthday-consent', { showBirthday: false });
    expect(await of(await celebrations('hr', range), 'alice')).toEqual([]);
  });

  it('falls on 28 February for someone born on 29 February in a year without one, and on the 29th in a leap year', async () => {
    expect(await of(await celebrations('hr', '?from=2027-02-01&to=2027-03-05&type=birthday'), 'bob')).toEqual([
      { type: 'birthday', date: '2027-02-28', years: null },
    ]);
    expect(await of(await celebrations('hr', '?from=2028-02-01&to=2028-03-05&type=birthday'), 'bob')).toEqual([
      { type: 'birthday', date: '2028-02-29', years: null },
    ]);
  });

  it('answers 400 naming showBirthday for a bad consent, and changes nothing', async () => {
    for (const body of [{ showBirthday: 'yes' }, {}, { showBirthday: true, year: 1990 }]) {
      const res = await send('carol', 'PUT', '/api/social/birthday-consent', body);
      expect([res.statusCode, res.json().error]).toEqual([400, 'bad_request']);
      expect(res.json().reason).toMatch(/showBirthday|year/);
    }
    expect((await h.db.prisma.employee.findUniqueOrThrow({ where: { id: await idOf('carol') } })).showBirthday).toBe(
      true,
    );
  });
});

describe('work anniversaries', () => {
  it('count completed years from the hire date, from the first one; 29 February hires on the 28th otherwise', async () => {
    await setPerson('director', { hireDate: '2020-02-29' });
    await setPerson('manager', { hireDate: '2027-02-10' });
    const list = await celebrations('hr', '?from=2027-02-01&to=2027-02-28&type=work_anniversary');
    expect(await of(list, 'director')).toEqual([{ type: 'work_anniversary', date: '2027-02-28', years: 7 }]);
    expect(await of(list, 'manager')).toEqual([]);
    const next = await celebrations('hr', '?from=2028-02-01&to=2028-02-29&type=work_anniversary');
    expect(await of(next, 'director')).toEqual([{ type: 'work_anniversary', date: '2028-02-29', years: 8 }]);
    expect(await of(next, 'manager')).toEqual([{ type: 'work_anniversary', date: '2028-02-10', years: 1 }]);
  });

  it('leave out whoever has left by the day', async () => {
    await setPerson('salesManager', { hireDate: '2019-05-20', terminationDate: '2027-05-10' });
    expect(await of(await celebrations('hr', '?from=2027-05-01&to=2027-05-31'), 'salesManager')).toEqual([]);
    expect(await of(await celebrations('hr', '?from=2026-05-01&to=2026-05-31'), 'salesManager')).toEqual([
      { type: 'work_anniversary', date: '2026-05-20', years: 7 },
    ]);
  });
});

describe('who sees whose', () => {
  it('follows the role’s visibility of people: oneself, one’s team, the workspace for HR', async () => {
    await send('alice', 'PUT', '/api/social/birthday-consent', { showBirthday: true });
    const range = '?from=2027-02-01&to=2027-03-31&type=birthday';
    const names = async (who: DemoKey) => [...new Set((await celebrations(who, range)).map((c) => c.name))].sort();
    expect(await names('alice')).toEqual(['Alice Anders']);
    expect(await names('manager')).toEqual(['Alice Anders', 'Bob Brown']);
    expect(await names('hr')).toEqual(expect.arrayContaining(['Alice Anders', 'Bob Brown', 'Carol Chen']));
    expect(await names('globexHr')).toEqual([]);
  });
});

describe('the range', () => {
  it('defaults to today and the next 30 days of the workspace’s calendar', async () => {
    const today = await todayOf(h.db.prisma, 'hr');
    const res = await send('hr', 'GET', '/api/social/celebrations');
    expect([res.json().data.from, res.json().data.to]).toEqual([today, addDays(today, 30)]);
  });

  it('takes 92 days at most, in pages, sorted by date', async () => {
    const full = await send('hr', 'GET', '/api/social/celebrations?from=2027-01-01&to=2027-04-02&limit=200');
    expect(full.statusCode).toBe(200);
    const all: Celebration[] = full.json().data.celebrations;
    expect(all.map((c) => c.date)).toEqual([...all.map((c) => c.date)].sort());
    expect(all.length).toBeGreaterThan(2);
    const first = (await send('hr', 'GET', '/api/social/celebrations?from=2027-01-01&to=2027-04-02&limit=2')).json()
      .data;
    const second = (
      await send(
        'hr',
        'GET',
        `/api/social/celebrations?from=2027-01-01&to=2027-04-02&limit=2&cursor=${first.nextCursor}`,
      )
    ).json().data;
    expect([...first.celebrations, ...second.celebrations]).toEqual(all.slice(0, 4));
  });

  it.each([
    ['to', '?from=2027-01-01&to=2027-04-03'],
    ['to', '?from=2027-03-01&to=2027-02-28'],
    ['from', '?from=2027-02-30'],
    ['from', '?from=tomorrow'],
    ['to', '?to=0000-01-01'],
    ['type', '?type=wedding'],
    ['limit', '?limit=0'],
    ['cursor', '?cursor=-1'],
    ['cursor', '?cursor=99999999999999999'],
    ['year', '?year=2027'],
  ])('answers 400 naming %s for a bad range', async (field, query) => {
    const res = await send('hr', 'GET', `/api/social/celebrations${query}`);
    expect([res.statusCode, res.json().error]).toEqual([400, 'bad_request']);
    expect(res.json().reason).toContain(field);
  });
});

import { demoPeople } from '../../../prisma/seed';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { fixtureLeave, fixturePeople, seedAnalyticsFixture } from '../../support/analytics';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';

/**
 * Analytics (company-api.md) through the HTTP API on the real PostgreSQL: headcount, hires, leavers and turnover,
 * absence rate, with every expected figure computed here by hand from the rows the test wrote (the "Analytics
 * Fixture" department, dated 2018-2025) or read (the whole demo workspace); who is counted (a manager their team,
 * an EMPLOYEE refused); filters; bad input naming the field; credentials. Periods are explicit: nothing reads today.
 */
let h: ApiHarness;
let fixture: Awaited<ReturnType<typeof seedAnalyticsFixture>>;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
  fixture = await seedAnalyticsFixture(h.db.prisma);
  const { tenantId, ids } = fixture;
  // A public holiday in the fixture's February: Friday 2025-02-14 is no scheduled day and no absence day.
  await h.db.prisma.publicHoliday.create({
    data: { tenantId, date: new Date('2025-02-14T00:00:00Z'), name: 'Fixture Day' },
  });
  await fixtureLeave(h.db.prisma, tenantId, ids.p1!, { start: '2025-02-12', end: '2025-02-18', status: 'APPROVED' });
  await fixtureLeave(h.db.prisma, tenantId, ids.p2!, {
    start: '2025-02-20',
    end: '2025-02-20',
    status: 'COMPLETED',
    halfDay: true,
  });
  await fixtureLeave(h.db.prisma, tenantId, ids.p4!, { start: '2025-02-03', end: '2025-02-07', status: 'REJECTED' });
  await fixtureLeave(h.db.prisma, tenantId, ids.p4!, { start: '2025-02-26', end: '2025-03-04', status: 'IN_PROGRESS' });
  await fixtureLeave(h.db.prisma, tenantId, ids.p3!, { start: '2025-02-24', end: '2025-02-25', status: 'PENDING' });
});
afterAll(() => h?.close());

const as = async (who: DemoKey, kind?: 'delegated_credential' | 'company_api_key') =>
  bearer(await tokenFor(h.db.prisma, who, ['analytics:read'], kind ? { kind } : {}));
const get = async (who: DemoKey, url: string) => h.app.inject({ method: 'GET', url, headers: await as(who) });
const fixtureQuery = () => `departmentIds=${fixture.departmentId}`;

/** Employed on `day` (the hire day and the last day included), by plain comparison of the dates. */
const employedOn = (p: { hireDate: string; terminationDate: string | null }, day: string) =>
  p.hireDate <= day && (p.terminationDate === null || p.terminationDate >= day);

describe('headcount, hires, leavers and turnover', () => {
  it('count the fixture department month by month, as computed by hand', async () => {
    const res = await get('hr', `/api/analytics/headcount?from=2025-01-01&to=2025-06-30&${fixtureQuery()}`);
    expect(res.statusCode).toBe(200);
    const { series, period } = res.json().data.headcount;
    // By hand: on 1 Jan p1, p2 and p4 are employed (p6 left 31 Dec, p3 and p5 not hired yet). p3 joins on
    // 10 Feb; p2's last day is 31 Mar (counted that day); p4's is 15 May.
    expect(
      series.map((b: Record<string, unknown>) => [b.from, b.to, b.headcountStart, b.headcountEnd, b.hires, b.leavers]),
    ).toEqual([
      ['2025-01-01', '2025-01-31', 3, 3, 0, 0],
      ['2025-02-01', '2025-02-28', 3, 4, 1, 0],
      ['2025-03-01', '2025-03-31', 4, 4, 0, 1],
      ['2025-04-01', '2025-04-30', 3, 3, 0, 0],
      ['2025-05-01', '2025-05-31', 3, 2, 0, 1],
      ['2025-06-01', '2025-06-30', 2, 2, 0, 0],
    ]);
    expect(series[2].turnover).toBe(Math.round((1 / 4) * 10_000) / 10_000);
    expect(series[4].turnover).toBe(Math.round((1 / 2.5) * 10_000) / 10_000);
    // The period: 2 leavers over an average of (3 + 2) / 2 = 2.5 people.
    expect(period).toEqual({
      from: '2025-01-01',
      to: '2025-06-30',
      headcountStart: 3,
      headcountEnd: 2,
      hires: 1,
      leavers: 2,
      averageHeadcount: 2.5,
      turnover: 0.8,
    });
  });

  it('cut by quarter, clipping the first and last quarters to the period', async () => {
    const res = await get(
      'hr',
      `/api/analytics/headcount?from=2025-02-15&to=2025-05-10&groupBy=quarter&${fixtureQuery()}`,
    );
    expect(res.statusCode).toBe(200);
    const { series } = res.json().data.headcount;
    // 15 Feb: p1, p2, p4, p3 (hired 10 Feb) = 4; 31 Mar: the same 4; 1 Apr: p2 gone = 3; 10 May: p4 still there = 3.
    expect(series).toEqual([
      {
        from: '2025-02-15',
        to: '2025-03-31',
        headcountStart: 4,
        headcountEnd: 4,
        hires: 0,
        leavers: 1,
        averageHeadcount: 4,
        turnover: 0.25,
      },
      {
        from: '2025-04-01',
        to: '2025-05-10',
        headcountStart: 3,
        headcountEnd: 3,
        hires: 0,
        leavers: 0,
        averageHeadcount: 3,
        turnover: 0,
      },
    ]);
  });

  it('count the whole demo workspace for HR, as the employee rows say', async () => {
    const from = '2023-01-01';
    const to = '2025-12-31';
    const res = await get('hr', `/api/analytics/headcount?from=${from}&to=${to}&groupBy=quarter&byDepartment=true`);
    expect(res.statusCode).toBe(200);
    const { period, departments } = res.json().data.headcount;
    const rows = (await h.db.prisma.employee.findMany({ where: { tenantId: fixture.tenantId } })).map((e) => ({
      hireDate: e.hireDate.toISOString().slice(0, 10),
      terminationDate: e.terminationDate?.toISOString().slice(0, 10) ?? null,
      departmentId: e.departmentId,
    }));
    const start = rows.filter((p) => employedOn(p, from)).length;
    const end = rows.filter((p) => employedOn(p, to)).length;
    const hires = rows.filter((p) => p.hireDate >= from && p.hireDate <= to).length;
    const leavers = rows.filter(
      (p) => p.terminationDate !== null && p.terminationDate >= from && p.terminationDate <= to,
    ).length;
    expect(period).toMatchObject({
      headcountStart: start,
      headcountEnd: end,
      hires,
      leavers,
      averageHeadcount: (start + end) / 2,
    });
    expect(start).toBeGreaterThan(10);
    // Each department's series ends on its own people employed on the last day; together they are everyone.
    const fixtureDepartment = departments.find(
      (d: { departmentId: string }) => d.departmentId === fixture.departmentId,
    );
    expect(fixtureDepartment.series.at(-1).headcountEnd).toBe(fixturePeople.filter((p) => employedOn(p, to)).length);
    const sumOfEnds = departments.reduce(
      (n: number, d: { series: Array<{ headcountEnd: number }> }) => n + d.series.at(-1)!.headcountEnd,
      0,
    );
    expect(sumOfEnds).toBe(end);
  });

  it('count only a manager’s team for the manager', async () => {
    const res = await get('manager', `/api/analytics/headcount?from=2025-01-01&to=2025-06-30&${fixtureQuery()}`);
    expect(res.statusCode).toBe(200);
    // Marcus sees p1 and p2 of the fixture (they report to him), not p3 or p4: 2 → 1, one leaver over 1.5.
    expect(res.json().data.headcount.period).toMatchObject({
      headcountStart: 2,
      headcountEnd: 1,
      hires: 0,
      leavers: 1,
      turnover: Math.round((1 / 1.5) * 10_000) / 10_000,
    });
    // Without the department filter: his team and himself, employed on 30 Jun 2025, and nobody else.
    const manager = await h.db.prisma.employee.findFirstOrThrow({ where: { email: demoPeople.manager.email } });
    const reports = await h.db.prisma.employee.findMany({ where: { managerId: manager.id } });
    const all = await get('manager', '/api/analytics/headcount?from=2025-06-30&to=2025-06-30');
    const team = [manager, ...reports].map((e) => ({
      hireDate: e.hireDate.toISOString().slice(0, 10),
      terminationDate: e.terminationDate?.toISOString().slice(0, 10) ?? null,
    }));
    expect(reports.every((r) => r.managerId === manager.id)).toBe(true);
    // Marcus's reports have no reports of their own in the demo, so the team is one level deep.
    expect(await h.db.prisma.employee.count({ where: { managerId: { in: reports.map((r) => r.id) } } })).toBe(0);
    expect(all.json().data.headcount.period.headcountEnd).toBe(team.filter((p) => employedOn(p, '2025-06-30')).length);
  });

  it('count a director’s department and reports: the fixture people who report to her through Marcus', async () => {
    const res = await get('director', `/api/analytics/headcount?from=2025-01-01&to=2025-06-30&${fixtureQuery()}`);
    // Diana heads Engineering; of the fixture department (not hers) she sees p1 and p2, Marcus's reports.
    expect(res.json().data.headcount.period).toMatchObject({ headcountStart: 2, headcountEnd: 1, leavers: 1 });
  });

  it('refuses an EMPLOYEE (403): a figure of one person would only restate their own record', async () => {
    const res = await get('alice', '/api/analytics/headcount?from=2025-01-01&to=2025-06-30');
    expect([res.statusCode, res.json().error]).toEqual([403, 'forbidden']);
  });
});

describe('over MCP', () => {
  it('answers "headcount by department for 2025" with the tool, as REST does, and lists all six tools', async () => {
    const token = await tokenFor(h.db.prisma, 'hr', ['analytics:read']);
    const rpc = async (method: string, params: object) =>
      (
        await h.app.inject({
          method: 'POST',
          url: '/api/mcp',
          headers: {
            ...bearer(token),
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': '2025-06-18',
          },
          payload: { jsonrpc: '2.0', id: 1, method, params },
        })
      ).json().result;
    const tools = (await rpc('tools/list', {})).tools.map((t: { name: string }) => t.name);
    expect(tools.filter((t: string) => t.endsWith('_analytics')).sort()).toEqual([
      'get_absence_analytics',
      'get_expense_analytics',
      'get_headcount_analytics',
      'get_leave_liability_analytics',
      'get_overtime_analytics',
      'get_time_to_hire_analytics',
    ]);
    const args = { from: '2025-01-01', to: '2025-12-31', byDepartment: 'true' };
    const result = await rpc('tools/call', { name: 'get_headcount_analytics', arguments: args });
    expect(result.isError ?? false).toBe(false);
    const rest = await get('hr', '/api/analytics/headcount?from=2025-01-01&to=2025-12-31&byDepartment=true');
    expect(result.structuredContent).toEqual(rest.json().data);
    const bad = await rpc('tools/call', {
      name: 'get_headcount_analytics',
      arguments: { from: '2025-02-01', to: '2025-01-01' },
    });
    expect(bad.isError).toBe(true);
  });
});

describe('absence rate', () => {
  it('divides approved leave working days by scheduled working days, as computed by hand', async () => {
    const res = await get('hr', `/api/analytics/absence?from=2025-02-01&to=2025-03-31&${fixtureQuery()}`);
    expect(res.statusCode).toBe(200);
    const { series, period } = res.json().data.absence;
    // February 2025: 20 weekdays, less the 14th (a holiday) = 19. p1, p2, p4 all month: 3 × 19; p3 from Monday the
    // 10th: 15 weekdays less the 14th = 14. Absent: p1 12-18 Feb = 12, 13, 17, 18 (the 14th a holiday) = 4; p2 a
    // half day = 0.5; p4 26-28 Feb = 3 (its rejected request and p3's pending one do not count).
    const febScheduled = 3 * 19 + 14;
    const febAbsent = 4 + 0.5 + 3;
    // March 2025: 21 weekdays, all four employed all month (p2's last day is the 31st); p4's leave 3-4 Mar = 2.
    const marScheduled = 4 * 21;
    const marAbsent = 2;
    const rate = (a: number, s: number) => Math.round((a / s) * 10_000) / 10_000;
    expect(series).toEqual([
      {
        from: '2025-02-01',
        to: '2025-02-28',
        scheduledDays: febScheduled,
        absenceDays: febAbsent,
        absenceRate: rate(febAbsent, febScheduled),
      },
      {
        from: '2025-03-01',
        to: '2025-03-31',
        scheduledDays: marScheduled,
        absenceDays: marAbsent,
        absenceRate: rate(marAbsent, marScheduled),
      },
    ]);
    expect(period).toEqual({
      from: '2025-02-01',
      to: '2025-03-31',
      scheduledDays: febScheduled + marScheduled,
      absenceDays: febAbsent + marAbsent,
      absenceRate: rate(febAbsent + marAbsent, febScheduled + marScheduled),
    });
  });

  it('count only the manager’s team for the manager', async () => {
    const res = await get('manager', `/api/analytics/absence?from=2025-02-01&to=2025-02-28&${fixtureQuery()}`);
    // p1 and p2: 2 × 19 scheduled; 4 + 0.5 absent.
    expect(res.json().data.absence.period).toEqual({
      from: '2025-02-01',
      to: '2025-02-28',
      scheduledDays: 38,
      absenceDays: 4.5,
      absenceRate: Math.round((4.5 / 38) * 10_000) / 10_000,
    });
  });
});

describe('bad input', () => {
  const cases: Array<[string, string]> = [
    ['from=2025-03-01&to=2025-02-01', 'to'],
    ['from=2020-01-01&to=2025-01-01', 'to'],
    ['from=2025-02-30&to=2025-03-01', 'from'],
    ['from=2025-01-01', 'to'],
    ['from=2025-01-01&to=2025-02-01&groupBy=week', 'groupBy'],
    ['from=2025-01-01&to=2025-02-01&departmentIds=nope', 'departmentIds'],
    ['from=2025-01-01%00&to=2025-02-01', 'from'],
    ['from=2025-01-01&to=2025-02-01&colour=red', 'colour'],
  ];
  it.each(cases)('answers 400 naming the field for %s', async (query, field) => {
    const res = await get('hr', `/api/analytics/headcount?${query}`);
    expect([res.statusCode, res.json().error]).toEqual([400, 'bad_request']);
    expect(res.json().reason).toContain(field);
  });

  it('takes exactly five years, and answers 400 naming departmentIds for a department of another workspace', async () => {
    expect((await get('hr', '/api/analytics/headcount?from=2020-01-01&to=2024-12-31&groupBy=quarter')).statusCode).toBe(
      200,
    );
    const globex = await h.db.prisma.department.findFirstOrThrow({ where: { tenant: { domain: 'globex.test' } } });
    const res = await get('hr', `/api/analytics/absence?from=2025-01-01&to=2025-01-31&departmentIds=${globex.id}`);
    expect([res.statusCode, res.json().error]).toEqual([400, 'bad_request']);
    expect(res.json().reason).toContain(`departmentIds: no department ${globex.id}`);
  });
});

describe('credentials and scopes', () => {
  it('takes a personal access token, a delegated credential and a company API key alike', async () => {
    const url = `/api/analytics/headcount?from=2025-01-01&to=2025-06-30&${fixtureQuery()}`;
    const answers = [];
    for (const kind of [undefined, 'delegated_credential', 'company_api_key'] as const) {
      const res = await h.app.inject({ method: 'GET', url, headers: await as('hr', kind) });
      expect([kind, res.statusCode]).toEqual([kind, 200]);
      answers.push(res.json().data.headcount.period.turnover);
    }
    expect(answers).toEqual([0.8, 0.8, 0.8]);
  });

  it('answers 401 without a credential and 403 without analytics:read', async () => {
    const url = '/api/analytics/absence?from=2025-01-01&to=2025-01-31';
    const none = await h.app.inject({ method: 'GET', url });
    expect([none.statusCode, none.json().error]).toEqual([401, 'unauthorized']);
    const other = await h.app.inject({
      method: 'GET',
      url,
      headers: bearer(await tokenFor(h.db.prisma, 'hr', ['people:read'])),
    });
    expect([other.statusCode, other.json().error]).toEqual([403, 'forbidden']);
  });
});

describe('CSV export', () => {
  it('writes the headcount series, the total and each department, as the JSON answer has them', async () => {
    const res = await get(
      'hr',
      `/api/analytics/export?report=headcount&from=2025-01-01&to=2025-03-31&groupBy=quarter&${fixtureQuery()}&byDepartment=true`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.split('\r\n')).toEqual([
      'bucket,from,to,department,headcount_start,headcount_end,hires,leavers,average_headcount,turnover',
      'quarter,2025-01-01,2025-03-31,,3,4,1,1,3.5,0.2857',
      'total,2025-01-01,2025-03-31,,3,4,1,1,3.5,0.2857',
      'department,2025-01-01,2025-03-31,Analytics Fixture,3,4,1,1,3.5,0.2857',
      '',
    ]);
  });

  it('writes the absence rate per month and in total; a bad filter is the same 400', async () => {
    const res = await get('hr', `/api/analytics/export?report=absence&from=2025-02-01&to=2025-02-28&${fixtureQuery()}`);
    expect(res.body).toBe(
      'bucket,from,to,scheduled_days,absence_days,absence_rate\r\n' +
        `month,2025-02-01,2025-02-28,71,7.5,${Math.round((7.5 / 71) * 10_000) / 10_000}\r\n` +
        `total,2025-02-01,2025-02-28,71,7.5,${Math.round((7.5 / 71) * 10_000) / 10_000}\r\n`,
    );
    const bad = await get('hr', '/api/analytics/export?report=turnips&from=2025-02-01&to=2025-02-28');
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'bad_request']);
    expect(bad.json().reason).toContain('report');
  });
});

import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { fixtureClaim, fixtureHire, fixtureTimesheet, seedAnalyticsFixture } from '../../support/analytics';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';

/**
 * Analytics' other figures (company-api.md) through the HTTP API on the real PostgreSQL: approved overtime, expense
 * totals per currency and category, time to hire, leave liability in days and, where pay is visible, in money. The
 * expected figures are computed here by hand from the rows the test writes for the "Analytics Fixture" department
 * (dated 2024-2025: nothing reads today); the manager (Marcus) sees p1 and p2 of it, not p3 to p6.
 */
let h: ApiHarness;
let fixture: Awaited<ReturnType<typeof seedAnalyticsFixture>>;
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '100000' });
  fixture = await seedAnalyticsFixture(h.db.prisma);
  const { tenantId, ids } = fixture;
  const db = h.db.prisma;
  // Overtime: weeks end on Sunday 9 Feb, 30 Mar and 2 Mar; the submitted one is not signed off yet.
  await fixtureTimesheet(db, tenantId, ids.p1!, {
    monday: '2025-02-03',
    sunday: '2025-02-09',
    status: 'APPROVED',
    overtimeMinutes: 120,
  });
  await fixtureTimesheet(db, tenantId, ids.p1!, {
    monday: '2025-02-10',
    sunday: '2025-02-16',
    status: 'SUBMITTED',
    overtimeMinutes: 300,
  });
  await fixtureTimesheet(db, tenantId, ids.p1!, {
    monday: '2025-03-24',
    sunday: '2025-03-30',
    status: 'APPROVED',
    overtimeMinutes: 45,
  });
  await fixtureTimesheet(db, tenantId, ids.p3!, {
    monday: '2025-02-24',
    sunday: '2025-03-02',
    status: 'APPROVED',
    overtimeMinutes: 30,
  });
  // Expenses: a draft and a line of April do not count; p4's claim is in dollars.
  await fixtureClaim(db, tenantId, ids.p1!, {
    currency: 'EUR',
    status: 'APPROVED',
    lines: [
      { category: 'Fixture Travel', date: '2025-02-10', amountMinor: 10_000 },
      { category: 'Fixture Meals', date: '2025-02-11', amountMinor: 2_550 },
      { category: 'Fixture Travel', date: '2025-04-01', amountMinor: 7_000 },
    ],
  });
  await fixtureClaim(db, tenantId, ids.p1!, {
    currency: 'EUR',
    status: 'DRAFT',
    lines: [{ category: 'Fixture Travel', date: '2025-02-12', amountMinor: 99_999 }],
  });
  await fixtureClaim(db, tenantId, ids.p3!, {
    currency: 'EUR',
    status: 'REIMBURSED',
    lines: [{ category: 'Fixture Travel', date: '2025-03-05', amountMinor: 5_000 }],
  });
  await fixtureClaim(db, tenantId, ids.p4!, {
    currency: 'USD',
    status: 'APPROVED',
    lines: [{ category: 'Fixture Meals', date: '2025-02-20', amountMinor: 1_999 }],
  });
  // Time to hire: 35 days (accepted in February), 10 days (March), 40 days (June); a declined offer hires nobody.
  await fixtureHire(db, tenantId, ids.p3!, { appliedAt: '2025-01-01T10:00:00Z', acceptedAt: '2025-02-05T09:00:00Z' });
  await fixtureHire(db, tenantId, ids.p2!, { appliedAt: '2025-03-01T08:00:00Z', acceptedAt: '2025-03-11T17:00:00Z' });
  await fixtureHire(db, tenantId, ids.p5!, { appliedAt: '2025-05-01T12:00:00Z', acceptedAt: '2025-06-10T12:00:00Z' });
  await fixtureHire(db, tenantId, ids.p1!, {
    appliedAt: '2025-02-01T12:00:00Z',
    acceptedAt: '2025-02-03T12:00:00Z',
    status: 'DECLINED',
  });
  // Leave liability of 2025: annual balances of p1 (15 untaken), p3 (18) and p2 (gone on 31 Mar); p1's sick
  // leave is no liability. p1 earns 52,000.00 EUR a year from 2024 (the raise of July 2025 comes after 30 June).
  const annual = await db.leavePolicy.findFirstOrThrow({ where: { tenantId, kind: 'annual', isDefault: true } });
  const sick = await db.leavePolicy.findFirstOrThrow({ where: { tenantId, kind: 'sick' } });
  for (const [key, policyId, allocated, used] of [
    ['p1', annual.id, 25, 10],
    ['p3', annual.id, 20, 2],
    ['p2', annual.id, 25, 5],
    ['p1', sick.id, 10, 0],
  ] as const) {
    await db.leaveBalance.create({ data: { tenantId, employeeId: ids[key]!, policyId, year: 2025, allocated, used } });
  }
  const hr = await db.user.findUniqueOrThrow({ where: { email: 'hr@acme.test' } });
  for (const [effectiveDate, annualMinor] of [
    ['2024-01-01', 5_200_000n],
    ['2025-07-01', 6_500_000n],
  ] as const) {
    await db.salary.create({
      data: {
        tenantId,
        employeeId: ids.p1!,
        effectiveDate: new Date(`${effectiveDate}T00:00:00Z`),
        annualMinor,
        currency: 'EUR',
        createdByUserId: hr.id,
      },
    });
  }
});
afterAll(() => h?.close());

const get = async (who: DemoKey, path: string, query: string) =>
  h.app.inject({
    method: 'GET',
    url: `/api/analytics/${path}?${query}&departmentIds=${fixture.departmentId}`,
    headers: bearer(await tokenFor(h.db.prisma, who, ['analytics:read'])),
  });

describe('overtime', () => {
  it('sums the approved weeks in the month of their Sunday', async () => {
    const res = await get('hr', 'overtime', 'from=2025-02-01&to=2025-03-31');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.overtime).toEqual({
      period: { from: '2025-02-01', to: '2025-03-31', overtimeMinutes: 120 + 45 + 30, timesheets: 3, people: 2 },
      series: [
        { from: '2025-02-01', to: '2025-02-28', overtimeMinutes: 120, timesheets: 1, people: 1 },
        { from: '2025-03-01', to: '2025-03-31', overtimeMinutes: 45 + 30, timesheets: 2, people: 2 },
      ],
    });
    const manager = await get('manager', 'overtime', 'from=2025-02-01&to=2025-03-31');
    expect(manager.json().data.overtime.period.overtimeMinutes).toBe(120 + 45);
  });
});

describe('expense totals', () => {
  it('sum approved and reimbursed lines per currency and per category, never across currencies', async () => {
    const res = await get('hr', 'expenses', 'from=2025-02-01&to=2025-03-31');
    expect(res.statusCode).toBe(200);
    const { period, series, byCategory } = res.json().data.expenses;
    expect(period.totals).toEqual([
      { currency: 'EUR', amountMinor: 10_000 + 2_550 + 5_000, lines: 3 },
      { currency: 'USD', amountMinor: 1_999, lines: 1 },
    ]);
    expect(series.map((b: { totals: unknown }) => b.totals)).toEqual([
      [
        { currency: 'EUR', amountMinor: 12_550, lines: 2 },
        { currency: 'USD', amountMinor: 1_999, lines: 1 },
      ],
      [{ currency: 'EUR', amountMinor: 5_000, lines: 1 }],
    ]);
    expect(
      byCategory.map((c: Record<string, unknown>) => [c.categoryName, c.currency, c.amountMinor, c.lines]),
    ).toEqual([
      ['Fixture Travel', 'EUR', 15_000, 2],
      ['Fixture Meals', 'EUR', 2_550, 1],
      ['Fixture Meals', 'USD', 1_999, 1],
    ]);
    const manager = await get('manager', 'expenses', 'from=2025-02-01&to=2025-03-31');
    expect(manager.json().data.expenses.period.totals).toEqual([{ currency: 'EUR', amountMinor: 12_550, lines: 2 }]);
  });

  it('exports the totals as CSV rows per currency, then per category', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/analytics/export?report=expenses&from=2025-03-01&to=2025-03-31&departmentIds=${fixture.departmentId}`,
      headers: bearer(await tokenFor(h.db.prisma, 'hr', ['analytics:read'])),
    });
    expect(res.body).toBe(
      'bucket,from,to,category,currency,amount_minor,lines\r\n' +
        'month,2025-03-01,2025-03-31,,EUR,5000,1\r\n' +
        'total,2025-03-01,2025-03-31,,EUR,5000,1\r\n' +
        'category,2025-03-01,2025-03-31,Fixture Travel,EUR,5000,1\r\n',
    );
  });
});

describe('time to hire', () => {
  it('gives the median and mean days from application to accepted offer', async () => {
    const res = await get('hr', 'time-to-hire', 'from=2025-01-01&to=2025-06-30&groupBy=quarter');
    expect(res.statusCode).toBe(200);
    const { period, series } = res.json().data.timeToHire;
    // 35, 10 and 40 days: median 35, mean 85 / 3.
    expect(period).toEqual({
      from: '2025-01-01',
      to: '2025-06-30',
      hires: 3,
      medianDays: 35,
      meanDays: Math.round((85 / 3) * 10) / 10,
      minDays: 10,
      maxDays: 40,
    });
    // The first quarter: 35 and 10, median (10 + 35) / 2.
    expect(series.map((b: Record<string, unknown>) => [b.hires, b.medianDays, b.meanDays])).toEqual([
      [2, 22.5, 22.5],
      [1, 40, 40],
    ]);
    // The manager sees p2 (10 days) alone of the three.
    const manager = await get('manager', 'time-to-hire', 'from=2025-01-01&to=2025-06-30');
    expect(manager.json().data.timeToHire.period).toMatchObject({ hires: 1, medianDays: 10 });
  });
});

describe('leave liability', () => {
  it('counts untaken annual days of the people employed on the last day, in money for HR', async () => {
    const res = await get('hr', 'leave-liability', 'from=2025-01-01&to=2025-06-30');
    expect(res.statusCode).toBe(200);
    // p1: 25 - 10 = 15 and p3: 20 - 2 = 18 (p2 left on 31 Mar); p1 in money: 15 × 5,200,000 / 260.
    expect(res.json().data.leaveLiability).toEqual({
      year: 2025,
      asOf: '2025-06-30',
      employees: 2,
      untakenDays: 15 + 18,
      money: { totals: [{ amountMinor: (15 * 5_200_000) / 260, currency: 'EUR' }], unpricedEmployees: 1 },
    });
  });

  it('shows a manager days only, unless the workspace lets managers see their team’s pay', async () => {
    const days = await get('manager', 'leave-liability', 'from=2025-01-01&to=2025-06-30');
    expect(days.json().data.leaveLiability).toMatchObject({ employees: 1, untakenDays: 15, money: null });
    await h.db.prisma.compensationSettings.upsert({
      where: { tenantId: fixture.tenantId },
      create: { tenantId: fixture.tenantId, defaultCurrency: 'EUR', managersSeeTeamCompensation: true },
      update: { managersSeeTeamCompensation: true },
    });
    const money = await get('manager', 'leave-liability', 'from=2025-01-01&to=2025-06-30');
    expect(money.json().data.leaveLiability.money).toEqual({
      totals: [{ amountMinor: 300_000, currency: 'EUR' }],
      unpricedEmployees: 0,
    });
  });
});

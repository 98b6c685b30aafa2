import { fromDbDate, todayIn } from '../../../engines/leave/dates';
import { leaveStatuses } from '../../../engines/leave/statuses';
import { seedDemo, seedSyntheticTenant } from '../../../prisma/seed';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { testClock } from '../../support/clock';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemo(db.prisma, { clock: testClock() });
  await seedSyntheticTenant(db.prisma, { employees: 300, tenantName: 'Seed Check', clock: testClock() });
});
afterAll(() => db?.drop());

describe('the seeded leave data', () => {
  it('keeps every balance equal to the sum of its ledger', async () => {
    const mismatches = await db.prisma.$queryRaw<unknown[]>`
      WITH sums AS (
        SELECT employee_id, policy_id, year,
               sum(days) FILTER (WHERE bucket = 'allocated') AS allocated,
               coalesce(sum(days) FILTER (WHERE bucket = 'pending'), 0) AS pending,
               coalesce(sum(days) FILTER (WHERE bucket = 'used'), 0) AS used
        FROM leave_ledger_entries GROUP BY employee_id, policy_id, year)
      SELECT * FROM leave_balances b FULL JOIN sums s USING (employee_id, policy_id, year)
      WHERE b.employee_id IS NULL OR s.employee_id IS NULL
         OR b.allocated <> coalesce(s.allocated, 0) OR b.pending <> s.pending OR b.used <> s.used`;
    expect(mismatches).toEqual([]);
    expect(await db.prisma.leaveBalance.count()).toBeGreaterThan(700);
  });

  it('has requests in every status, each holding exactly the days its status holds', async () => {
    const requests = await db.prisma.leaveRequest.findMany();
    expect(new Set(requests.map((r) => r.status))).toEqual(new Set(leaveStatuses));
    for (const r of requests) {
      const held = await db.prisma.leaveLedgerEntry.groupBy({
        by: ['bucket'],
        where: { requestId: r.id },
        _sum: { days: true },
      });
      const net = (bucket: string) => held.find((x) => x.bucket === bucket)?._sum.days ?? 0;
      const expected =
        r.status === 'PENDING'
          ? { pending: r.totalDays, used: 0 }
          : ['APPROVED', 'IN_PROGRESS', 'COMPLETED'].includes(r.status)
            ? { pending: 0, used: r.totalDays }
            : { pending: 0, used: 0 };
      expect({ id: r.id, status: r.status, pending: net('pending'), used: net('used') }).toEqual({
        id: r.id,
        status: r.status,
        ...expected,
      });
      expect(r.totalDays).toBeGreaterThan(0);
    }
  });

  it('dates the history around today: past requests are over, running ones include today, open ones are ahead', async () => {
    const requests = await db.prisma.leaveRequest.findMany();
    const tenants = new Map(
      (await db.prisma.tenant.findMany()).map((t) => [t.id, todayIn(t.timeZone, testClock().now())]),
    );
    for (const r of requests) {
      const today = tenants.get(r.tenantId)!;
      const [start, end] = [fromDbDate(r.startDate), fromDbDate(r.endDate)];
      if (r.status === 'COMPLETED') expect(end < today).toBe(true);
      if (r.status === 'IN_PROGRESS') expect(start <= today && today <= end).toBe(true);
      if (r.status === 'PENDING' || r.status === 'APPROVED') expect(start > today).toBe(true);
    }
  });

  it('gives the synthetic tenant policies and this year’s annual and sick balances for everyone', async () => {
    const tenant = await db.prisma.tenant.findUniqueOrThrow({ where: { domain: 'seed-check.test' } });
    expect(await db.prisma.leavePolicy.count({ where: { tenantId: tenant.id } })).toBe(4);
    const balances = await db.prisma.leaveBalance.findMany({ where: { tenantId: tenant.id } });
    expect(balances).toHaveLength(600);
    expect(new Set(balances.map((b) => b.used)).size).toBeGreaterThan(10);
  });
});

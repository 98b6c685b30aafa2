import { todayIn } from '../../../engines/leave/dates';
import type { PersonRow } from '../../../prisma/seed/bulkInsert';
import { buildDemoLeave } from '../../../prisma/seed/demoLeave';
import { demoPeople, type DemoPersonKey } from '../../../prisma/seed/demoPeople';
import { americanHolidays, europeanHolidays } from '../../../prisma/seed/leavePolicies';

const people: PersonRow[] = Object.entries(demoPeople).map(([key, p]) => ({
  userId: `user-${key}`,
  employeeId: `employee-${key}`,
  tenantId: p.tenant,
  employeeNumber: p.employeeNumber,
  name: p.name,
  email: p.email,
  role: p.role,
  jobTitle: p.jobTitle,
  departmentId: p.department,
  managerId: p.manager === null ? null : `employee-${p.manager}`,
  hireDate: p.hireDate,
}));

function build(now: Date) {
  return buildDemoLeave({
    tenants: [
      { tenantId: 'acme', timeZone: 'Europe/Berlin', holidays: europeanHolidays, annualDays: 25 },
      { tenantId: 'globex', timeZone: 'America/New_York', holidays: americanHolidays, annualDays: 20 },
    ],
    people,
    named: (key: DemoPersonKey) => people.find((p) => p.employeeId === `employee-${key}`)!,
    calendarNow: now,
    now,
  });
}

// Every day of a leap year and the turn of the year: the history must make sense whatever day the seed runs.
const days = Array.from({ length: 400 }, (_, i) => new Date(Date.UTC(2027, 11, 1) + i * 86_400_000));

describe('the demo leave history', () => {
  it.each(days.filter((_, i) => i % 7 === 0 || (i >= 20 && i <= 45)).map((d) => [d.toISOString().slice(0, 10), d]))(
    'is consistent when seeded on %s',
    (_label, now) => {
      const seed = build(now);
      const today = todayIn('Europe/Berlin', now);
      for (const r of seed.requests) {
        expect(r.totalDays).toBeGreaterThan(0);
        if (r.status === 'IN_PROGRESS') expect(r.startDate <= today && today <= r.endDate).toBe(true);
        if (r.status === 'PENDING' || r.status === 'APPROVED') expect(r.startDate > today).toBe(true);
        if (r.createdAt > now || (r.decidedAt && r.decidedAt > now)) throw new Error(`${r.id} is dated in the future`);
        const others = seed.requests.filter(
          (o) => o !== r && o.employeeId === r.employeeId && !['REJECTED', 'CANCELLED'].includes(o.status),
        );
        if (!['REJECTED', 'CANCELLED'].includes(r.status)) {
          expect(others.filter((o) => o.startDate <= r.endDate && o.endDate >= r.startDate)).toEqual([]);
        }
      }
      const annual = new Set(seed.policies.filter((p) => !p.allowNegativeBalance).map((p) => p.id));
      for (const b of seed.book.balances()) {
        if (annual.has(b.policyId)) expect(b.allocated - b.used - b.pending).toBeGreaterThanOrEqual(0);
      }
    },
  );

  it('is the same on every run of the same day, but for ids', () => {
    const now = new Date('2028-02-29T12:00:00Z');
    const strip = (seed: ReturnType<typeof build>) =>
      seed.requests.map(({ employeeId, startDate, endDate, status, totalDays }) => ({
        employeeId,
        startDate,
        endDate,
        status,
        totalDays,
      }));
    expect(strip(build(now))).toEqual(strip(build(now)));
    expect(
      build(now)
        .book.balances()
        .map((b) => [b.employeeId, b.year, b.allocated, b.used, b.pending]),
    ).toEqual(
      build(now)
        .book.balances()
        .map((b) => [b.employeeId, b.year, b.allocated, b.used, b.pending]),
    );
  });
});

import type { PrismaClient } from '../../db/prismaClient';
import { demoPeople } from '../../prisma/seed';
import type { CompanySample } from './companySamples';
import type { DemoKey } from './identity';

const employeeOf = async (db: PrismaClient, who: DemoKey) =>
  db.employee.findFirstOrThrow({ where: { email: demoPeople[who].email } });
const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

/** A fixture person: hire and last day, and whether they report to Marcus (the demo MANAGER). */
export interface FixturePerson {
  key: string;
  hireDate: string;
  terminationDate: string | null;
  reportsToManager: boolean;
}

/**
 * The people of the "Analytics Fixture" department the analytics tests count, with dates in 2018-2025 (well before
 * the tests' fixed today, so nothing the demo seed dates from today reaches them). Hand computations in the tests
 * read these dates, never the engine.
 */
export const fixturePeople: readonly FixturePerson[] = [
  { key: 'p1', hireDate: '2020-01-15', terminationDate: null, reportsToManager: true },
  { key: 'p2', hireDate: '2020-01-15', terminationDate: '2025-03-31', reportsToManager: true },
  { key: 'p3', hireDate: '2025-02-10', terminationDate: null, reportsToManager: false },
  { key: 'p4', hireDate: '2024-06-01', terminationDate: '2025-05-15', reportsToManager: false },
  { key: 'p5', hireDate: '2025-07-01', terminationDate: null, reportsToManager: false },
  { key: 'p6', hireDate: '2018-01-01', terminationDate: '2024-12-31', reportsToManager: false },
];

/** Writes the fixture department and its people into Acme (directly: what is counted, not how it was made). */
export async function seedAnalyticsFixture(
  db: PrismaClient,
): Promise<{ departmentId: string; tenantId: string; ids: Record<string, string> }> {
  const manager = await employeeOf(db, 'manager');
  const tenantId = manager.tenantId;
  const department = await db.department.create({ data: { tenantId, name: 'Analytics Fixture' } });
  const last = await db.employee.aggregate({ where: { tenantId }, _max: { employeeNumber: true } });
  let number = last._max.employeeNumber ?? 1000;
  const ids: Record<string, string> = {};
  for (const p of fixturePeople) {
    const e = await db.employee.create({
      data: {
        tenantId,
        employeeNumber: ++number,
        name: `Fixture ${p.key.toUpperCase()}`,
        email: `analytics.${p.key}@acme.test`,
        departmentId: department.id,
        managerId: p.reportsToManager ? manager.id : null,
        jobTitle: 'Analyst',
        hireDate: day(p.hireDate),
        terminationDate: p.terminationDate ? day(p.terminationDate) : null,
      },
    });
    ids[p.key] = e.id;
  }
  return { departmentId: department.id, tenantId, ids };
}

/** An approved (or other status) leave request of a fixture person, written directly. */
export async function fixtureLeave(
  db: PrismaClient,
  tenantId: string,
  employeeId: string,
  r: {
    start: string;
    end: string;
    status: 'APPROVED' | 'IN_PROGRESS' | 'COMPLETED' | 'REJECTED' | 'PENDING';
    halfDay?: boolean;
  },
): Promise<void> {
  const policy = await db.leavePolicy.findFirstOrThrow({ where: { tenantId, isDefault: true } });
  const hr = await db.user.findUniqueOrThrow({ where: { email: demoPeople.hr.email } });
  await db.leaveRequest.create({
    data: {
      tenantId,
      employeeId,
      policyId: policy.id,
      startDate: day(r.start),
      endDate: day(r.end),
      halfDay: r.halfDay ?? false,
      // What the request says it took; the analytics count the days themselves, inside the period.
      totalDays: r.halfDay ? 0.5 : 1,
      status: r.status,
      routedTo: 'HR',
      createdByUserId: hr.id,
    },
  });
}

/** The matrix samples of Analytics: reads of a fixed past period (nothing depends on today). */
export function analyticsSamples(): Record<string, (who: DemoKey) => Promise<CompanySample>> {
  const q = 'from=2025-01-01&to=2025-12-31';
  return {
    get_headcount_analytics: async () => ({ method: 'GET', url: `/api/analytics/headcount?${q}` }),
    get_absence_analytics: async () => ({ method: 'GET', url: `/api/analytics/absence?${q}` }),
    get_overtime_analytics: async () => ({ method: 'GET', url: `/api/analytics/overtime?${q}` }),
    get_expense_analytics: async () => ({ method: 'GET', url: `/api/analytics/expenses?${q}` }),
    get_time_to_hire_analytics: async () => ({ method: 'GET', url: `/api/analytics/time-to-hire?${q}` }),
    get_leave_liability_analytics: async () => ({ method: 'GET', url: `/api/analytics/leave-liability?${q}` }),
    export_analytics: async () => ({ method: 'GET', url: `/api/analytics/export?report=headcount&${q}` }),
  };
}

/** A timesheet week of a fixture person with its overtime, written directly (its figures fixed, as at sign-off). */
export async function fixtureTimesheet(
  db: PrismaClient,
  tenantId: string,
  employeeId: string,
  t: { monday: string; sunday: string; status: 'APPROVED' | 'SUBMITTED'; overtimeMinutes: number },
): Promise<void> {
  const hr = await db.user.findUniqueOrThrow({ where: { email: demoPeople.hr.email } });
  await db.timesheet.create({
    data: {
      tenantId,
      employeeId,
      startDate: day(t.monday),
      endDate: day(t.sunday),
      status: t.status,
      workedMinutes: 2400 + t.overtimeMinutes,
      targetMinutes: 2400,
      overtimeMinutes: t.overtimeMinutes,
      warnings: [],
      createdByUserId: hr.id,
    },
  });
}

/** An expense claim of a fixture person with its lines (category name, day, amount in the claim's currency). */
export async function fixtureClaim(
  db: PrismaClient,
  tenantId: string,
  employeeId: string,
  c: {
    currency: string;
    status: 'DRAFT' | 'APPROVED' | 'REIMBURSED';
    lines: Array<{ category: string; date: string; amountMinor: number }>;
  },
): Promise<void> {
  const hr = await db.user.findUniqueOrThrow({ where: { email: demoPeople.hr.email } });
  const claim = await db.expenseClaim.create({
    data: {
      tenantId,
      employeeId,
      title: 'Fixture claim',
      currency: c.currency,
      status: c.status,
      totalMinor: BigInt(c.lines.reduce((n, l) => n + l.amountMinor, 0)),
      flags: [],
      createdByUserId: hr.id,
    },
  });
  for (const [position, l] of c.lines.entries()) {
    const category = await db.expenseCategory.upsert({
      where: { tenantId_name: { tenantId, name: l.category } },
      create: { tenantId, name: l.category, currency: 'EUR', limitAction: 'flag' },
      update: {},
    });
    await db.expenseLine.create({
      data: {
        tenantId,
        claimId: claim.id,
        position,
        categoryId: category.id,
        date: day(l.date),
        description: l.category,
        amountMinor: BigInt(l.amountMinor),
        currency: c.currency,
        claimAmountMinor: BigInt(l.amountMinor),
        flags: [],
      },
    });
  }
}

/** An accepted offer that hired `employeeId`: its application made at `appliedAt`, accepted at `acceptedAt`. */
export async function fixtureHire(
  db: PrismaClient,
  tenantId: string,
  employeeId: string,
  h: { appliedAt: string; acceptedAt: string; status?: 'ACCEPTED' | 'DECLINED' },
): Promise<void> {
  const manager = await employeeOf(db, 'manager');
  const opening = await db.jobOpening.create({
    data: {
      tenantId,
      title: 'Fixture opening',
      hiringManagerId: manager.id,
      recruiterIds: [],
      status: 'OPEN',
      createdByUserId: manager.userId!,
    },
  });
  const candidate = await db.candidate.create({
    data: { tenantId, name: 'Fixture candidate', email: `candidate.${employeeId}@example.test` },
  });
  const application = await db.application.create({
    data: {
      tenantId,
      openingId: opening.id,
      candidateId: candidate.id,
      stage: 'hired',
      createdAt: new Date(h.appliedAt),
    },
  });
  const accepted = (h.status ?? 'ACCEPTED') === 'ACCEPTED';
  await db.offer.create({
    data: {
      tenantId,
      applicationId: application.id,
      jobTitle: 'Analyst',
      employmentType: 'full_time',
      startDate: day(h.acceptedAt.slice(0, 10)),
      salaryMinor: 5_000_000n,
      currency: 'EUR',
      status: h.status ?? 'ACCEPTED',
      respondedAt: new Date(h.acceptedAt),
      employeeId: accepted ? employeeId : null,
      createdByUserId: manager.userId!,
    },
  });
}

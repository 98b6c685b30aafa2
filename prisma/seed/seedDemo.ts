import { uuidv7 } from '../../db/uuidv7';
import type { PrismaClient } from '../../db/prismaClient';
import type { Clock } from '../../engines/clock';
import { todayIn } from '../../engines/leave/dates';
import { insertDepartments, insertPeople, type DepartmentRow, type PersonRow } from './bulkInsert';
import {
  acmeDepartmentHeads,
  acmeDepartments,
  demoPeople,
  demoTenants,
  type DemoPersonKey,
  type DemoTenantKey,
} from './demoPeople';
import { buildDemoLeave, type LeaveTenant } from './demoLeave';
import { insertDemoOrganization } from './demoOrganization';
import { insertDemoApprovals } from './demoApprovals';
import { insertDemoCompensation } from './demoCompensation';
import { insertDemoExpenses } from './demoExpenses';
import {
  insertBalances,
  insertHolidays,
  insertLedger,
  insertNotifications,
  insertPolicies,
  insertRequests,
} from './leaveBulkInsert';
import { americanHolidays, europeanHolidays } from './leavePolicies';
import { createNameGenerator } from './names';
import { createRandom } from './random';

/** The demo tenants' calendars: leave dates and "today" are in these time zones. */
const demoCalendars: Record<DemoTenantKey, Omit<LeaveTenant, 'tenantId'>> = {
  acme: { timeZone: 'Europe/Berlin', holidays: europeanHolidays, annualDays: 25 },
  globex: { timeZone: 'America/New_York', holidays: americanHolidays, annualDays: 20 },
};

/** Generated Acme employees per department: two team leads, each with four reports. */
const GENERATED_PER_DEPARTMENT = 10;
const LEADS_PER_DEPARTMENT = 2;

export interface DemoSeedResult {
  /** False when the demo data was already there (nothing was written). */
  created: boolean;
  tenants: number;
  departments: number;
  employees: number;
}

/**
 * Seeds the demo tenants: Acme (acme.test) with the named people of `demoPeople` and 40 generated employees over
 * Engineering, Sales, Marketing and Operations, and Globex (globex.test) with two people. Every employee has a
 * user. Each tenant gets its leave policies, public holidays, balances and, for the named people, a history of
 * requests in every status (demoLeave.ts), dated relative to the calendar clock's today, and its organisation:
 * department heads, teams, offices, legal entities, positions (demoOrganization.ts). Deterministic (same names, numbers, managers
 * and requests on every run) and idempotent: does nothing when a tenant with domain acme.test exists. Runs in one
 * transaction, so a failure leaves nothing behind.
 */
export async function seedDemo(prisma: PrismaClient, opts: { clock: Clock }): Promise<DemoSeedResult> {
  const existing = await prisma.tenant.findUnique({ where: { domain: demoTenants.acme.domain } });
  if (existing) return { created: false, tenants: 0, departments: 0, employees: 0 };

  const tenantIds: Record<DemoTenantKey, string> = { acme: uuidv7(), globex: uuidv7() };
  const departments = new Map<string, DepartmentRow>();
  const departmentId = (tenant: DemoTenantKey, name: string | null): string | null => {
    if (name === null) return null;
    const key = `${tenant}/${name}`;
    let row = departments.get(key);
    if (!row) {
      row = { id: uuidv7(), tenantId: tenantIds[tenant], name };
      departments.set(key, row);
    }
    return row.id;
  };
  for (const name of acmeDepartments) departmentId('acme', name);

  const namedIds = new Map<DemoPersonKey, string>();
  const employeeIdOf = (key: DemoPersonKey): string => {
    let id = namedIds.get(key);
    if (!id) {
      id = uuidv7();
      namedIds.set(key, id);
    }
    return id;
  };
  const people: PersonRow[] = Object.entries(demoPeople).map(([key, p]) => ({
    userId: uuidv7(),
    employeeId: employeeIdOf(key as DemoPersonKey),
    tenantId: tenantIds[p.tenant],
    employeeNumber: p.employeeNumber,
    name: p.name,
    email: p.email,
    role: p.role,
    jobTitle: p.jobTitle,
    departmentId: departmentId(p.tenant, p.department),
    managerId: p.manager === null ? null : employeeIdOf(p.manager),
    hireDate: p.hireDate,
  }));
  people.push(...generatedAcmeEmployees(tenantIds.acme, departmentId, employeeIdOf));
  const tenantKeys = Object.keys(demoTenants) as DemoTenantKey[];
  const leave = buildDemoLeave({
    tenants: tenantKeys.map((key) => ({ tenantId: tenantIds[key], ...demoCalendars[key] })),
    people,
    named: (key) => people.find((p) => p.employeeId === employeeIdOf(key))!,
    calendarNow: opts.clock.now(),
    now: new Date(),
  });

  await prisma.$transaction(
    async (tx) => {
      await tx.tenant.createMany({
        data: tenantKeys.map((key) => ({
          id: tenantIds[key],
          ...demoTenants[key],
          timeZone: demoCalendars[key].timeZone,
        })),
      });
      await insertDepartments(tx, [...departments.values()]);
      await insertPeople(tx, people);
      await insertPolicies(tx, leave.policies);
      await insertHolidays(tx, leave.holidays);
      await insertRequests(tx, leave.requests);
      await insertLedger(tx, leave.book.ledger);
      await insertBalances(tx, leave.book.balances());
      await insertNotifications(tx, leave.notifications);
      await insertDemoOrganization(tx, { tenantIds, people, departmentIdOf: departmentId, employeeIdOf });
      await insertDemoApprovals(tx, { acmeTenantId: tenantIds.acme, people, requests: leave.requests });
      await insertDemoCompensation(tx, { tenantIds, people, employeeIdOf, today: todayIn('UTC', opts.clock.now()) });
      await insertDemoExpenses(tx, { tenantIds });
    },
    // Prisma's defaults (5 s to run, 2 s to get a connection) are too short on a busy machine (a CI run with suites
    // side by side, a new database's first connection): a seed that expired writes nothing, but fails the test that
    // needed it.
    { timeout: 60_000, maxWait: 30_000 },
  );
  return { created: true, tenants: 2, departments: departments.size, employees: people.length };
}

/** Acme's generated employees, numbered after the named ones, department by department. */
function generatedAcmeEmployees(
  tenantId: string,
  departmentId: (tenant: DemoTenantKey, name: string) => string | null,
  employeeIdOf: (key: DemoPersonKey) => string,
): PersonRow[] {
  const random = createRandom('acme.test demo');
  const reservedLocalParts = Object.values(demoPeople).map((p) => p.email.split('@')[0] ?? '');
  const nextName = createNameGenerator(random, reservedLocalParts);
  let employeeNumber = Math.max(...Object.values(demoPeople).map((p) => p.employeeNumber));
  const rows: PersonRow[] = [];
  for (const department of acmeDepartments) {
    const leadIds: string[] = [];
    for (let i = 0; i < GENERATED_PER_DEPARTMENT; i += 1) {
      const isLead = i < LEADS_PER_DEPARTMENT;
      const { name, localPart } = nextName();
      const employeeId = uuidv7();
      const managerId = isLead ? employeeIdOf(acmeDepartmentHeads[department]) : leadIds[i % LEADS_PER_DEPARTMENT];
      if (isLead) leadIds.push(employeeId);
      employeeNumber += 1;
      rows.push({
        userId: uuidv7(),
        employeeId,
        tenantId,
        employeeNumber,
        name,
        email: `${localPart}@acme.test`,
        role: isLead ? 'MANAGER' : 'EMPLOYEE',
        jobTitle: isLead ? `${department} Team Lead` : `${department} Specialist`,
        departmentId: departmentId('acme', department),
        managerId: managerId ?? null,
        hireDate: `${random.int(2015, 2025)}-${pad(random.int(1, 12))}-${pad(random.int(1, 28))}`,
      });
    }
  }
  return rows;
}

const pad = (n: number) => String(n).padStart(2, '0');

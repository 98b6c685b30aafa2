import { uuidv7 } from '../../db/uuidv7';
import type { Role } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Clock } from '../../engines/clock';
import { insertDepartments, insertPeople, type DepartmentRow, type PersonRow } from './bulkInsert';
import { insertBalances, insertHolidays, insertLedger, insertPolicies } from './leaveBulkInsert';
import { createNameGenerator } from './names';
import { createRandom } from './random';
import { buildSyntheticLeave } from './syntheticLeave';

// prettier-ignore
const DEPARTMENT_NAMES = [
  'Engineering', 'Sales', 'Marketing', 'Operations', 'Finance', 'Support', 'Product', 'Legal', 'Research', 'Design',
  'Logistics', 'Security',
] as const;
/** Direct reports per manager: keeps the hierarchy a few levels deep even for large tenants. */
const SPAN_OF_CONTROL = 8;
const PEOPLE_PER_DEPARTMENT = 500;

export interface SyntheticTenantOptions {
  /** Total employees, the owner included; at least 1. */
  employees: number;
  tenantName: string;
  /** Defaults to the tenant name as a slug plus `.test`, e.g. "Bench Co" -> bench-co.test. */
  domain?: string;
  /** The calendar clock: the leave balances are for its year. */
  clock: Clock;
}

export interface SyntheticTenantResult {
  tenantId: string;
  domain: string;
  departments: number;
  employees: number;
  users: number;
  /** Employees with at least one direct report. */
  managers: number;
  /** Leave balance rows (annual and sick leave of this year, per employee). */
  leaveBalances: number;
}

/**
 * Creates a large tenant for benchmarks and load tests: departments, a manager hierarchy (the owner, one director
 * per department, then managers of at most 8 direct reports) and one user per employee with sequential employee
 * numbers, plus leave policies, holidays and this year's balances for everyone (syntheticLeave.ts). Deterministic
 * names and balances from the tenant name. Fast: ids are made up front so managers can be referenced, and each
 * table takes one statement, in one transaction (10,000 employees take a few seconds).
 */
export async function seedSyntheticTenant(
  prisma: PrismaClient,
  opts: SyntheticTenantOptions,
): Promise<SyntheticTenantResult> {
  if (!Number.isInteger(opts.employees) || opts.employees < 1) {
    throw new Error(`employees must be a positive integer, got ${opts.employees}`);
  }
  const domain = opts.domain ?? `${slug(opts.tenantName)}.test`;
  const tenantId = uuidv7();
  const random = createRandom(domain);
  const nextName = createNameGenerator(random);
  const hireDate = () => `${random.int(2010, 2025)}-${pad(random.int(1, 12))}-${pad(random.int(1, 28))}`;

  const departmentCount = Math.min(
    DEPARTMENT_NAMES.length,
    Math.max(1, Math.round(opts.employees / PEOPLE_PER_DEPARTMENT)),
  );
  const departments: DepartmentRow[] = DEPARTMENT_NAMES.slice(0, departmentCount).map((name) => ({
    id: uuidv7(),
    tenantId,
    name,
  }));

  const people: PersonRow[] = [];
  const addPerson = (role: Role, jobTitle: string, department: DepartmentRow | null, managerId: string | null) => {
    const { name, localPart } = nextName();
    const row: PersonRow = {
      userId: uuidv7(),
      employeeId: uuidv7(),
      tenantId,
      employeeNumber: people.length + 1,
      name,
      email: `${localPart}@${domain}`,
      role,
      jobTitle,
      departmentId: department?.id ?? null,
      managerId,
      hireDate: hireDate(),
    };
    people.push(row);
    return row;
  };

  const owner = addPerson('OWNER', 'Chief Executive Officer', null, null);
  // The rest is dealt round-robin over departments; within a department, member k > 0 reports to member
  // floor((k - 1) / SPAN_OF_CONTROL), which makes a balanced tree under the department's director.
  const members: PersonRow[][] = departments.map(() => []);
  for (let i = 0; people.length < opts.employees; i += 1) {
    const d = i % departments.length;
    const department = departments[d];
    const team = members[d];
    if (!department || !team) throw new Error('unreachable: department index out of range');
    const k = team.length;
    const manager = k === 0 ? owner : team[Math.floor((k - 1) / SPAN_OF_CONTROL)];
    const row = addPerson('EMPLOYEE', `${department.name} Specialist`, department, manager?.employeeId ?? null);
    team.push(row);
  }
  const reportCounts = new Map<string, number>();
  for (const p of people) if (p.managerId) reportCounts.set(p.managerId, (reportCounts.get(p.managerId) ?? 0) + 1);
  for (const team of members) {
    team.forEach((p, k) => {
      if (k === 0)
        Object.assign(p, { role: 'DIRECTOR', jobTitle: `Director of ${p.jobTitle.replace(' Specialist', '')}` });
      else if (reportCounts.has(p.employeeId))
        Object.assign(p, { role: 'MANAGER', jobTitle: p.jobTitle.replace('Specialist', 'Manager') });
    });
  }

  const leave = buildSyntheticLeave({
    tenantId,
    timeZone: 'UTC',
    employeeIds: people.map((p) => p.employeeId),
    random: createRandom(`${domain} leave`),
    now: opts.clock.now(),
  });
  const balances = leave.book.balances();

  await prisma.$transaction(
    async (tx) => {
      await tx.tenant.create({ data: { id: tenantId, name: opts.tenantName, domain, timeZone: 'UTC' } });
      await insertDepartments(tx, departments);
      await insertPeople(tx, people);
      await insertPolicies(tx, leave.policies);
      await insertHolidays(tx, leave.holidays);
      await insertLedger(tx, leave.book.ledger);
      await insertBalances(tx, balances);
    },
    { timeout: 120_000 },
  );
  return {
    tenantId,
    domain,
    departments: departments.length,
    employees: people.length,
    users: people.length,
    managers: reportCounts.size,
    leaveBalances: balances.length,
  };
}

function slug(text: string): string {
  const s = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  if (s === '') throw new Error(`Cannot make a domain from tenant name "${text}"`);
  return s;
}

const pad = (n: number) => String(n).padStart(2, '0');

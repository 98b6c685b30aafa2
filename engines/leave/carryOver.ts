import type { Db } from '../../db/handle';
import type { LeavePolicy } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Clock } from '../clock';
import { balanceView, moveBalance } from './balances';
import { todayIn, yearOf } from './dates';
import { lockEmployee } from '../people/employeeLock';
import { activePolicies } from './policies';

/**
 * Year-end carry-over (company-api.md, Leave: "carry-over at year end as a scheduled workflow"). What is left of a
 * year's balance (allocated - used - pending), up to the policy's `carryOverMaxDays`, is added to the next year's
 * allocation: a `carry_over` ledger entry, noted "carried over from <year>". Run by the leaveCarryOver workflow a
 * page of employees at a time; idempotent per employee and policy (an entry already there is never doubled), so a
 * retried page or a second run changes nothing. Only years with a balance row carry anything: a year nobody
 * touched (a tenant that did not exist yet) has nothing recorded to carry.
 */

export interface CarryOverPage {
  employees: number;
  carriedDays: number;
  /** The last employee id of the page; null when it was the last page. */
  nextCursor: string | null;
}

export const carryOverNote = (fromYear: number) => `carried over from ${fromYear}`;

type CarryPolicy = LeavePolicy;

/** What `policy` carries of the employee's `fromYear` now: 0 when already carried, or nothing was recorded. */
async function carryable(db: Db, employeeId: string, fromYear: number, policy: CarryPolicy): Promise<number> {
  const done = await db.leaveLedgerEntry.count({
    where: { employeeId, policyId: policy.id, year: fromYear + 1, kind: 'carry_over' },
  });
  if (done > 0) return 0;
  const row = await db.leaveBalance.findUnique({
    where: { employeeId_policyId_year: { employeeId, policyId: policy.id, year: fromYear } },
  });
  if (!row) return 0;
  return Math.min(policy.carryOverMaxDays, Math.max(0, balanceView(row, policy).remaining));
}

async function hasSomethingToCarry(db: Db, employeeId: string, fromYear: number, policies: CarryPolicy[]) {
  for (const policy of policies) if ((await carryable(db, employeeId, fromYear, policy)) > 0) return true;
  return false;
}

export async function carryOverPage(
  prisma: PrismaClient,
  ref: { tenantId: string; fromYear: number },
  page: { after: string | null; limit: number },
): Promise<CarryOverPage> {
  const { tenantId, fromYear } = ref;
  const policies = (await activePolicies(prisma, tenantId)).filter((p) => p.carryOverMaxDays > 0);
  const yearEnd = new Date(Date.UTC(fromYear, 11, 31));
  const employees = await prisma.employee.findMany({
    where: {
      tenantId,
      hireDate: { lte: yearEnd },
      OR: [{ terminationDate: null }, { terminationDate: { gt: yearEnd } }],
      ...(page.after ? { id: { gt: page.after } } : {}),
    },
    select: { id: true },
    orderBy: { id: 'asc' },
    take: page.limit,
  });
  let carriedDays = 0;
  for (const { id: employeeId } of employees) {
    if (policies.length === 0) break;
    // Read first without a lock: most employees have nothing to carry (or were carried already), and a year-end
    // sweep must not queue behind, or hold up, the day's leave writes for nothing.
    if (!(await hasSomethingToCarry(prisma, employeeId, fromYear, policies))) continue;
    carriedDays += await prisma.$transaction(async (tx) => {
      await lockEmployee(tx, tenantId, employeeId);
      let carried = 0;
      for (const policy of policies) {
        const days = await carryable(tx, employeeId, fromYear, policy);
        if (days <= 0) continue;
        await moveBalance(
          tx,
          { tenantId, employeeId, policy },
          [{ year: fromYear + 1, kind: 'carry_over', bucket: 'allocated', days }],
          { note: carryOverNote(fromYear) },
        );
        carried += days;
      }
      return carried;
    });
  }
  const last = employees[employees.length - 1];
  return {
    employees: employees.length,
    carriedDays,
    nextCursor: employees.length === page.limit && last ? last.id : null,
  };
}

/** Records a tenant's finished carry-over of `fromYear` (the sweep then starts no other for it). */
export async function recordYearEnd(
  prisma: PrismaClient,
  ref: { tenantId: string; fromYear: number },
  totals: { employees: number; carriedDays: number },
): Promise<void> {
  await prisma.leaveYearEnd.upsert({
    where: { tenantId_year: { tenantId: ref.tenantId, year: ref.fromYear } },
    create: { tenantId: ref.tenantId, year: ref.fromYear, ...totals },
    update: {},
  });
}

/**
 * The tenants whose calendar (their time zone, on the calendar clock) is in a year whose previous year has not
 * been carried over yet, with that year: what the year-end sweep starts a carry-over for. At most `limit`.
 */
export async function tenantsDueForCarryOver(
  prisma: PrismaClient,
  clock: Clock,
  limit = 1000,
): Promise<Array<{ tenantId: string; fromYear: number }>> {
  const tenants = await prisma.tenant.findMany({ select: { id: true, timeZone: true }, orderBy: { id: 'asc' } });
  const due: Array<{ tenantId: string; fromYear: number }> = [];
  for (const tenant of tenants) {
    const fromYear = yearOf(todayIn(tenant.timeZone, clock.now())) - 1;
    const done = await prisma.leaveYearEnd.findUnique({
      where: { tenantId_year: { tenantId: tenant.id, year: fromYear } },
    });
    if (!done) due.push({ tenantId: tenant.id, fromYear });
    if (due.length >= limit) break;
  }
  return due;
}

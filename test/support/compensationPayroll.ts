import type { PrismaClient } from '../../db/prismaClient';
import { proposeCompensationChange } from '../../engines/compensation/compensationChanges';
import { addDays, toDbDate } from '../../engines/leave/dates';
import { lockPayPeriod, monthRange } from '../../engines/payroll/payPeriods';
import { authenticate } from '../../engines/tokens/authenticate';
import { demoPeople } from '../../prisma/seed';
import { testClock } from './clock';
import { tokenFor, type DemoKey } from './identity';
import { todayOf } from './leave';

/** Samples of the Compensation and Payroll areas for the authorization matrices, built through the engines or rows. */

const employeeOf = async (prisma: PrismaClient, who: DemoKey) =>
  prisma.employee.findFirstOrThrow({ where: { email: demoPeople[who].email } });

let day = 0;
/** A day ahead no earlier call used: a salary entry or bonus never collides with another. */
export async function freshFutureDay(prisma: PrismaClient): Promise<string> {
  return addDays(await todayOf(prisma, 'hr'), 30 + (day += 1));
}

/** A pending compensation change for `who` proposed by their manager, through the engine (as the API makes one). */
export async function pendingChangeOf(prisma: PrismaClient, who: DemoKey): Promise<string> {
  const manager = await authenticate(prisma, await tokenFor(prisma, 'manager', ['compensation:write']));
  const employee = await employeeOf(prisma, who);
  const change = await proposeCompensationChange(
    prisma,
    manager,
    {
      employeeId: employee.id,
      effectiveDate: await freshFutureDay(prisma),
      annualMinor: 7_000_000,
      currency: 'EUR',
      reason: 'Matrix',
    },
    { clock: testClock() },
  );
  return change.id;
}

/** The first pay band of Acme. */
export async function acmePayBandOf(prisma: PrismaClient): Promise<string> {
  const acme = await prisma.tenant.findUniqueOrThrow({ where: { domain: 'acme.test' } });
  return (await prisma.payBand.findFirstOrThrow({ where: { tenantId: acme.id }, orderBy: { name: 'asc' } })).id;
}

/** Alice's home-office allowance (demo data). */
export async function aliceAllowanceOf(prisma: PrismaClient): Promise<string> {
  const alice = await employeeOf(prisma, 'alice');
  return (await prisma.compensationItem.findFirstOrThrow({ where: { employeeId: alice.id, kind: 'allowance' } })).id;
}

/** The month the matrix's runs are of: long past, so every run of it is free to start. */
export const MATRIX_PERIOD = { year: 2019, month: 6 };

/** Ends every run of the matrix month not finished yet, as a cancellation would: a new run of it may start. */
export async function freeMatrixPeriod(prisma: PrismaClient): Promise<void> {
  const periods = await prisma.payPeriod.findMany({ where: MATRIX_PERIOD, select: { id: true } });
  await prisma.payrollRun.updateMany({
    where: { periodId: { in: periods.map((p) => p.id) }, status: { in: ['GATHERING', 'IN_REVIEW', 'APPROVED'] } },
    data: { status: 'CANCELLED', cancelledAt: new Date() },
  });
}

/**
 * A run of Acme's matrix month in `status`, as its workflow would leave it (rows written directly: the matrix's API
 * runs no worker). A PAID run has a payslip for Alice.
 */
export async function payrollRunOf(
  prisma: PrismaClient,
  status: 'IN_REVIEW' | 'PAID',
): Promise<{ runId: string; payslipId: string | null }> {
  const acme = await prisma.tenant.findUniqueOrThrow({ where: { domain: 'acme.test' } });
  const hr = await prisma.user.findFirstOrThrow({ where: { email: demoPeople.hr.email } });
  const period = await prisma.$transaction((tx) => lockPayPeriod(tx, acme.id, MATRIX_PERIOD.year, MATRIX_PERIOD.month));
  const run = await prisma.payrollRun.create({
    data: {
      tenantId: acme.id,
      periodId: period.id,
      status,
      startedByUserId: hr.id,
      ...(status === 'PAID' ? { payDate: toDbDate(monthRange(2019, 6).end), paidAt: new Date(), payslips: 1 } : {}),
    },
  });
  if (status !== 'PAID') return { runId: run.id, payslipId: null };
  const alice = await employeeOf(prisma, 'alice');
  const payslip = await prisma.payslip.create({
    data: {
      tenantId: acme.id,
      runId: run.id,
      employeeId: alice.id,
      employeeNumber: alice.employeeNumber,
      employeeName: alice.name,
      currency: 'EUR',
      grossMinor: 500_000n,
      deductionsMinor: 0n,
      reimbursementsMinor: 0n,
      totalMinor: 500_000n,
    },
  });
  return { runId: run.id, payslipId: payslip.id };
}

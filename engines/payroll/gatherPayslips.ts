import type { PrismaClient } from '../../db/prismaClient';
import { uuidv7 } from '../../db/uuidv7';
import { reserveClaimsForRun } from '../expenses/expenseReimbursement';
import { fromDbDate } from '../leave/dates';
import { loadPayslipInputs } from './payrollInputs';
import { lockTenantPayroll } from './payrollLock';
import { calculatePayslip } from './payslipCalculation';
import type { PayrollRunRef } from './payrollPort';
import { insertPayslips, type PayslipLineRow, type PayslipRow } from './payslipInsert';

export interface GatheredPage {
  /** Payslips written by this page (0 when they were already there: a retried activity). */
  written: number;
  /** The last employee of the page, to start the next one after; null after the last page. */
  nextCursor: string | null;
  /** The run is no longer GATHERING (cancelled): stop. */
  stopped: boolean;
}

/**
 * Gathers one page of a run's payslips (employees by id after `after`): reads the page's inputs, computes each
 * payslip (payslipCalculation.ts) and writes payslips, lines and the reservation of the expense claims they pay, in
 * one transaction under the tenant's payroll lock. Idempotent: a person who has a payslip in the run is skipped, so
 * a page retried after a crash writes nothing twice (and `payslips_run_id_employee_id_key` would refuse it anyway).
 */
export async function gatherPayrollPage(
  prisma: PrismaClient,
  ref: PayrollRunRef,
  page: { after: string | null; limit: number },
): Promise<GatheredPage> {
  return prisma.$transaction(
    async (tx) => {
      await lockTenantPayroll(tx, ref.tenantId);
      const runs = await tx.$queryRaw<Array<{ status: string; periodId: string }>>`
        SELECT status::text AS status, period_id::text AS "periodId" FROM payroll_runs
        WHERE id = ${ref.runId}::uuid AND tenant_id = ${ref.tenantId}::uuid FOR UPDATE`;
      const run = runs[0];
      if (!run || run.status !== 'GATHERING') return { written: 0, nextCursor: null, stopped: true };
      const period = await tx.payPeriod.findUniqueOrThrow({ where: { id: run.periodId } });
      const range = { start: fromDbDate(period.startDate), end: fromDbDate(period.endDate) };
      const employees = await tx.employee.findMany({
        where: {
          tenantId: ref.tenantId,
          hireDate: { lte: period.endDate },
          OR: [{ terminationDate: null }, { terminationDate: { gte: period.startDate } }],
          ...(page.after ? { id: { gt: page.after } } : {}),
        },
        orderBy: { id: 'asc' },
        take: page.limit,
        select: { id: true, employeeNumber: true, name: true, hireDate: true, terminationDate: true },
      });
      const nextCursor = employees.length === page.limit ? employees[employees.length - 1]!.id : null;
      const done = new Set(
        (
          await tx.payslip.findMany({
            where: { runId: ref.runId, employeeId: { in: employees.map((e) => e.id) } },
            select: { employeeId: true },
          })
        ).map((p) => p.employeeId),
      );
      const todo = employees
        .filter((e) => !done.has(e.id))
        .map((e) => ({
          ...e,
          hireDate: fromDbDate(e.hireDate),
          terminationDate: e.terminationDate ? fromDbDate(e.terminationDate) : null,
        }));
      const inputs = await loadPayslipInputs(tx, ref.tenantId, range, todo);
      const payslips: PayslipRow[] = [];
      const lines: PayslipLineRow[] = [];
      const claimIds: string[] = [];
      for (const employee of todo) {
        const draft = calculatePayslip(inputs.get(employee.id)!);
        if (!draft) continue;
        const id = uuidv7();
        payslips.push({
          id,
          tenantId: ref.tenantId,
          runId: ref.runId,
          employeeId: employee.id,
          employeeNumber: employee.employeeNumber,
          employeeName: employee.name,
          currency: draft.currency,
          grossMinor: draft.grossMinor,
          deductionsMinor: draft.deductionsMinor,
          reimbursementsMinor: draft.reimbursementsMinor,
          totalMinor: draft.totalMinor,
        });
        for (const [position, line] of draft.lines.entries()) {
          lines.push({ id: uuidv7(), tenantId: ref.tenantId, payslipId: id, position, ...line });
          if (line.kind === 'reimbursement' && line.sourceId) claimIds.push(line.sourceId);
        }
      }
      await insertPayslips(tx, payslips, lines);
      await reserveClaimsForRun(tx, ref.tenantId, ref.runId, claimIds);
      if (payslips.length > 0) {
        await tx.payrollRun.update({ where: { id: ref.runId }, data: { payslips: { increment: payslips.length } } });
      }
      return { written: payslips.length, nextCursor, stopped: false };
    },
    { timeout: 60_000 },
  );
}

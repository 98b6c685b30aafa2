import type { PayrollRunStatus } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { markClaimsReimbursed } from '../expenses/expenseReimbursement';
import { fromDbDate, type IsoDate } from '../leave/dates';
import { emitPayrollWebhookEvent } from '../webhooks/emitters';
import { lockTenantPayroll } from './payrollLock';
import { notifyPayslipsReady, notifyRunReady } from './payrollNotifications';
import type { PayrollRunRef } from './payrollPort';
import { labelOf, lockedRun } from './payrollRuns';

/**
 * The steps of a payroll run its workflow takes (workflows/payrollRun): each a short transaction, idempotent, and a
 * no-op when the run is no longer in the state it expects (a cancelled run is never paid).
 */

/** What the workflow reads of its run. */
export interface PayrollRunState {
  status: PayrollRunStatus;
  period: string;
  payDate: IsoDate | null;
  payslips: number;
  timeZone: string;
}

export async function payrollRunState(prisma: PrismaClient, ref: PayrollRunRef): Promise<PayrollRunState | null> {
  const run = await prisma.payrollRun.findFirst({ where: { id: ref.runId, tenantId: ref.tenantId } });
  if (!run) return null;
  const tenant = await prisma.tenant.findUniqueOrThrow({ where: { id: ref.tenantId }, select: { timeZone: true } });
  return {
    status: run.status,
    period: await labelOf(prisma, run.periodId),
    payDate: run.payDate ? fromDbDate(run.payDate) : null,
    payslips: run.payslips,
    timeZone: tenant.timeZone,
  };
}

/** Every page gathered: GATHERING → IN_REVIEW, and who started the run is told. */
export async function finishGathering(prisma: PrismaClient, ref: PayrollRunRef): Promise<PayrollRunStatus | null> {
  return prisma.$transaction(async (tx) => {
    if (!(await tx.payrollRun.findFirst({ where: { id: ref.runId, tenantId: ref.tenantId } }))) return null;
    const run = await lockedRun(tx, ref.runId);
    if (run.status !== 'GATHERING') return run.status;
    const ready = await tx.payrollRun.update({ where: { id: run.id }, data: { status: 'IN_REVIEW' } });
    const period = await labelOf(tx, run.periodId);
    await notifyRunReady(tx, ready, period);
    await emitPayrollWebhookEvent(tx, 'payroll.run.in_review', { ...ready, period });
    return ready.status;
  });
}

/**
 * Pays an APPROVED run whose pay date has come (`today`, the tenant's): the run PAID, its period CLOSED (locked for
 * every change dated in it), the expense claims it pays REIMBURSED, in one transaction under the tenant's payroll
 * lock and the period's row lock. The payslips are announced after, a page at a time (announcePayslips).
 */
export async function payPayrollRun(
  prisma: PrismaClient,
  ref: PayrollRunRef,
  today: IsoDate,
  now: Date,
): Promise<PayrollRunStatus | null> {
  return prisma.$transaction(
    async (tx) => {
      if (!(await tx.payrollRun.findFirst({ where: { id: ref.runId, tenantId: ref.tenantId } }))) return null;
      await lockTenantPayroll(tx, ref.tenantId);
      const run = await lockedRun(tx, ref.runId);
      if (run.status !== 'APPROVED' || !run.payDate || fromDbDate(run.payDate) > today) return run.status;
      await tx.$queryRaw`SELECT id FROM pay_periods WHERE id = ${run.periodId}::uuid FOR UPDATE`;
      await tx.payPeriod.update({ where: { id: run.periodId }, data: { status: 'CLOSED', closedAt: now } });
      const paid = await tx.payrollRun.update({ where: { id: run.id }, data: { status: 'PAID', paidAt: now } });
      const claims = await tx.expenseClaim.findMany({
        where: { payrollRunId: run.id, status: 'APPROVED' },
        select: { id: true },
      });
      await markClaimsReimbursed(
        tx,
        ref.tenantId,
        run.id,
        claims.map((c) => c.id),
        now,
      );
      await emitPayrollWebhookEvent(tx, 'payroll.run.paid', { ...paid, period: await labelOf(tx, run.periodId) });
      return paid.status;
    },
    { timeout: 60_000 },
  );
}

/**
 * Tells the people of a PAID run, up to `limit` of them, that their payslip is ready, and marks those payslips
 * announced in the same transaction (a retried page tells nobody twice). Answers how many are left.
 */
export async function announcePayslips(
  prisma: PrismaClient,
  ref: PayrollRunRef,
  limit: number,
): Promise<{ announced: number; left: number }> {
  return prisma.$transaction(
    async (tx) => {
      const run = await tx.payrollRun.findFirst({ where: { id: ref.runId, tenantId: ref.tenantId } });
      if (run?.status !== 'PAID') return { announced: 0, left: 0 };
      const page = await tx.$queryRaw<Array<{ id: string; userId: string | null }>>`
        SELECT p.id::text AS id, e.user_id::text AS "userId" FROM payslips p JOIN employees e ON e.id = p.employee_id
        WHERE p.run_id = ${run.id}::uuid AND p.announced_at IS NULL
        ORDER BY p.id LIMIT ${limit} FOR UPDATE OF p SKIP LOCKED`;
      if (page.length === 0) return { announced: 0, left: 0 };
      await notifyPayslipsReady(
        tx,
        ref.tenantId,
        await labelOf(tx, run.periodId),
        page.map((p) => ({ ...p, runId: run.id })),
      );
      await tx.payslip.updateMany({ where: { id: { in: page.map((p) => p.id) } }, data: { announcedAt: new Date() } });
      const left = await tx.payslip.count({ where: { runId: run.id, announcedAt: null } });
      return { announced: page.length, left };
    },
    { timeout: 60_000 },
  );
}

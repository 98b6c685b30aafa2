import type { PayrollRunStatus } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { requireHrRole } from '../access/requireHrRole';
import { AppError } from '../appError';
import type { Clock } from '../clock';
import { releaseClaimsOfRun } from '../expenses/expenseReimbursement';
import { addDays, toDbDate, type IsoDate } from '../leave/dates';
import { tenantToday } from '../leave/tenantCalendar';
import { emitPayrollWebhookEvent } from '../webhooks/emitters';
import { lockPayPeriod, parsePeriod } from './payPeriods';
import { periodLabel, periodOf } from './periodLock';
import type { PayrollRunRef } from './payrollPort';
import { findRun, getPayrollRun, runViewsOf, type PayrollRunView } from './payrollRunViews';

/**
 * Payroll runs (company-api.md, Payroll): HR starts a run of a month; its workflow gathers the payslips (GATHERING),
 * then it waits for review (IN_REVIEW); HR approves it with a pay date (APPROVED), and on that date it is paid (PAID)
 * and its period closed. A run not paid yet can be cancelled: its payslips go, its inputs are free for the next run.
 * One run of a period at a time. Tax and social security are out of scope (docs/company-api.md, Payroll).
 */

const ACTIVE: PayrollRunStatus[] = ['GATHERING', 'IN_REVIEW', 'APPROVED'];

/** How far ahead a pay date may be set. */
export const MAX_PAY_DATE_DAYS = 62;

/** Starts a run of `period` (`2026-10`); after commit, `start` starts its workflow. */
export async function startPayrollRun(
  prisma: PrismaClient,
  actor: Actor,
  input: { period: string },
  opts: { clock: Clock; start?: (ref: PayrollRunRef) => Promise<void> },
): Promise<PayrollRunView> {
  requireHrRole(actor, 'run payroll');
  const tenantId = actor.tenant.id;
  const { year, month } = parsePeriod(input.period);
  const { today } = await tenantToday(prisma, tenantId, opts.clock);
  const current = periodOf(today);
  if (year * 12 + month > current.year * 12 + current.month) {
    throw new AppError(
      'validation_error',
      `period: ${input.period} has not begun (this month is ${periodLabel(current)})`,
    );
  }
  const runId = await prisma.$transaction(async (tx) => {
    const period = await lockPayPeriod(tx, tenantId, year, month);
    if (period.status === 'CLOSED') {
      throw new AppError(
        'conflict',
        `Pay period ${input.period} is CLOSED: it was paid on ${period.closedAt?.toISOString()}`,
      );
    }
    const active = await tx.payrollRun.findFirst({ where: { periodId: period.id, status: { in: ACTIVE } } });
    if (active) throw new AppError('conflict', `Payroll run ${active.id} of ${input.period} is ${active.status}`);
    const run = await tx.payrollRun.create({
      data: { tenantId, periodId: period.id, status: 'GATHERING', startedByUserId: actor.user.id },
    });
    await emitPayrollWebhookEvent(tx, 'payroll.run.started', { ...run, period: input.period });
    return run.id;
  });
  await opts.start?.({ tenantId, runId });
  return getPayrollRun(prisma, actor, runId);
}

/** The workspace's runs, newest first, a page at a time (HR). */
export async function listPayrollRuns(
  prisma: PrismaClient,
  actor: Actor,
  query: {
    period?: string | undefined;
    status?: PayrollRunStatus | undefined;
    limit: number;
    after?: string | undefined;
  },
): Promise<{ runs: PayrollRunView[]; nextCursor: string | null }> {
  requireHrRole(actor, 'read payroll runs');
  const period = query.period ? parsePeriod(query.period) : undefined;
  const periodIds = period
    ? (await prisma.payPeriod.findMany({ where: { tenantId: actor.tenant.id, ...period }, select: { id: true } })).map(
        (p) => p.id,
      )
    : undefined;
  const rows = await prisma.payrollRun.findMany({
    where: {
      tenantId: actor.tenant.id,
      ...(periodIds ? { periodId: { in: periodIds } } : {}),
      ...(query.status ? { status: query.status } : {}),
      ...(query.after ? { id: { lt: query.after } } : {}),
    },
    orderBy: { id: 'desc' },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    runs: await runViewsOf(prisma, page),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}

/** Approves a run in review (HR) to be paid on `payDate` (default today): its workflow pays it that day. */
export async function approvePayrollRun(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  input: { payDate?: IsoDate | undefined },
  opts: { clock: Clock },
): Promise<PayrollRunView> {
  requireHrRole(actor, 'approve payroll runs');
  await findRun(prisma, actor, id);
  const { today } = await tenantToday(prisma, actor.tenant.id, opts.clock);
  const payDate = input.payDate ?? today;
  if (payDate < today) throw new AppError('validation_error', `payDate: must be today (${today}) or later`);
  if (payDate > addDays(today, MAX_PAY_DATE_DAYS)) {
    throw new AppError('validation_error', `payDate: at most ${MAX_PAY_DATE_DAYS} days ahead`);
  }
  await prisma.$transaction(async (tx) => {
    const run = await lockedRun(tx, id);
    if (run.status !== 'IN_REVIEW') throw new AppError('conflict', `This payroll run is ${run.status}, not IN_REVIEW`);
    const approved = await tx.payrollRun.update({
      where: { id },
      data: { status: 'APPROVED', payDate: toDbDate(payDate), approvedByUserId: actor.user.id, approvedAt: new Date() },
    });
    await emitPayrollWebhookEvent(tx, 'payroll.run.approved', { ...approved, period: await labelOf(tx, run.periodId) });
  });
  return getPayrollRun(prisma, actor, id);
}

/**
 * Cancels a run not paid yet (HR): its payslips are deleted and the expense claims it had taken are free again, so
 * a new run of the period gathers everything anew. Its workflow, told after commit, ends.
 */
export async function cancelPayrollRun(prisma: PrismaClient, actor: Actor, id: string): Promise<PayrollRunView> {
  requireHrRole(actor, 'cancel payroll runs');
  await findRun(prisma, actor, id);
  await prisma.$transaction(async (tx) => {
    const run = await lockedRun(tx, id);
    if (!ACTIVE.includes(run.status)) throw new AppError('conflict', `This payroll run is already ${run.status}`);
    await tx.$executeRaw`DELETE FROM payslip_lines WHERE payslip_id IN (SELECT id FROM payslips WHERE run_id = ${id}::uuid)`;
    await tx.payslip.deleteMany({ where: { runId: id } });
    await releaseClaimsOfRun(tx, run.tenantId, id);
    const cancelled = await tx.payrollRun.update({
      where: { id },
      data: { status: 'CANCELLED', cancelledAt: new Date(), payslips: 0 },
    });
    await emitPayrollWebhookEvent(tx, 'payroll.run.cancelled', {
      ...cancelled,
      period: await labelOf(tx, run.periodId),
    });
  });
  return getPayrollRun(prisma, actor, id);
}

type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** The run's row, locked for the rest of the transaction. */
export async function lockedRun(tx: Tx, id: string) {
  await tx.$queryRaw`SELECT id FROM payroll_runs WHERE id = ${id}::uuid FOR UPDATE`;
  return tx.payrollRun.findUniqueOrThrow({ where: { id } });
}

export async function labelOf(tx: Tx, periodId: string): Promise<string> {
  return periodLabel(await tx.payPeriod.findUniqueOrThrow({ where: { id: periodId } }));
}

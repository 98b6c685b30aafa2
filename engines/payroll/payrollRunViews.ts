import type { PayrollRun } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { AppError } from '../appError';
import { fromDbDate } from '../leave/dates';
import { moneyOf, type Money } from '../../lib/money/money';
import { periodLabel } from './periodLock';

/** A run's sums in one currency. */
export interface RunTotals {
  currency: string;
  payslips: number;
  gross: Money;
  deductions: Money;
  reimbursements: Money;
  total: Money;
}

/** A payroll run as the API answers it (HR only: it carries the workspace's pay). */
export interface PayrollRunView {
  id: string;
  period: string;
  periodStatus: 'OPEN' | 'CLOSED';
  status: PayrollRun['status'];
  payDate: string | null;
  payslips: number;
  totals: RunTotals[];
  startedBy: { userId: string; name: string };
  approvedBy: { userId: string; name: string } | null;
  approvedAt: string | null;
  paidAt: string | null;
  cancelledAt: string | null;
  /** The Temporal workflow of the run (null until it started). */
  workflowId: string | null;
  createdAt: string;
}

/** The sums of runs' payslips by currency. */
async function totalsOf(prisma: PrismaClient, runIds: string[]): Promise<Map<string, RunTotals[]>> {
  const groups = await prisma.payslip.groupBy({
    by: ['runId', 'currency'],
    where: { runId: { in: runIds } },
    orderBy: [{ runId: 'asc' }, { currency: 'asc' }],
    _count: { _all: true },
    _sum: { grossMinor: true, deductionsMinor: true, reimbursementsMinor: true, totalMinor: true },
  });
  const byRun = new Map<string, RunTotals[]>();
  for (const g of groups) {
    const totals: RunTotals = {
      currency: g.currency,
      payslips: g._count._all,
      gross: moneyOf(g._sum.grossMinor ?? 0n, g.currency),
      deductions: moneyOf(g._sum.deductionsMinor ?? 0n, g.currency),
      reimbursements: moneyOf(g._sum.reimbursementsMinor ?? 0n, g.currency),
      total: moneyOf(g._sum.totalMinor ?? 0n, g.currency),
    };
    byRun.set(g.runId, [...(byRun.get(g.runId) ?? []), totals]);
  }
  return byRun;
}

export async function runViewsOf(prisma: PrismaClient, runs: PayrollRun[]): Promise<PayrollRunView[]> {
  if (runs.length === 0) return [];
  const [periods, users, totals] = await Promise.all([
    prisma.payPeriod.findMany({ where: { id: { in: runs.map((r) => r.periodId) } } }),
    prisma.user.findMany({
      where: { id: { in: runs.flatMap((r) => [r.startedByUserId, r.approvedByUserId ?? r.startedByUserId]) } },
      select: { id: true, name: true },
    }),
    totalsOf(
      prisma,
      runs.map((r) => r.id),
    ),
  ]);
  const name = (id: string) => users.find((u) => u.id === id)?.name ?? '(deleted user)';
  return runs.map((r) => {
    const period = periods.find((p) => p.id === r.periodId)!;
    return {
      id: r.id,
      period: periodLabel(period),
      periodStatus: period.status,
      status: r.status,
      payDate: r.payDate ? fromDbDate(r.payDate) : null,
      payslips: r.payslips,
      totals: totals.get(r.id) ?? [],
      startedBy: { userId: r.startedByUserId, name: name(r.startedByUserId) },
      approvedBy: r.approvedByUserId ? { userId: r.approvedByUserId, name: name(r.approvedByUserId) } : null,
      approvedAt: r.approvedAt?.toISOString() ?? null,
      paidAt: r.paidAt?.toISOString() ?? null,
      cancelledAt: r.cancelledAt?.toISOString() ?? null,
      workflowId: r.workflowId,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

/** A run of the actor's workspace; 404 otherwise. The caller has checked the role (HR). */
export async function findRun(prisma: PrismaClient, actor: Actor, id: string): Promise<PayrollRun> {
  const run = await prisma.payrollRun.findFirst({ where: { id, tenantId: actor.tenant.id } });
  if (!run) throw new AppError('not_found', `No payroll run ${id}`);
  return run;
}

export async function getPayrollRun(prisma: PrismaClient, actor: Actor, id: string): Promise<PayrollRunView> {
  const [view] = await runViewsOf(prisma, [await findRun(prisma, actor, id)]);
  return view!;
}

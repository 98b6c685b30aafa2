import type { Payslip, PayrollRunStatus, Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { maySeePayslip } from '../access/compensationAccess';
import { isHrRole } from '../access/roles';
import { AppError } from '../appError';
import { moneyOf, type Money } from '../../lib/money/money';
import { parsePeriod } from './payPeriods';
import { periodLabel } from './periodLock';

/** A payslip as the API answers it: the person's and HR's only. */
export interface PayslipView {
  id: string;
  runId: string;
  period: string;
  runStatus: PayrollRunStatus;
  employeeId: string;
  employeeNumber: number;
  employeeName: string;
  currency: string;
  gross: Money;
  deductions: Money;
  reimbursements: Money;
  total: Money;
  lines: Array<{ kind: string; description: string; quantity: string | null; amount: Money; sourceId: string | null }>;
  createdAt: string;
}

async function viewsOf(prisma: PrismaClient, payslips: Payslip[]): Promise<PayslipView[]> {
  if (payslips.length === 0) return [];
  const runIds = [...new Set(payslips.map((p) => p.runId))];
  const [runs, lines] = await Promise.all([
    prisma.payrollRun.findMany({ where: { id: { in: runIds } }, select: { id: true, status: true, periodId: true } }),
    prisma.payslipLine.findMany({
      where: { payslipId: { in: payslips.map((p) => p.id) } },
      orderBy: [{ payslipId: 'asc' }, { position: 'asc' }],
    }),
  ]);
  const periods = await prisma.payPeriod.findMany({ where: { id: { in: runs.map((r) => r.periodId) } } });
  return payslips.map((p) => {
    const run = runs.find((r) => r.id === p.runId)!;
    return {
      id: p.id,
      runId: p.runId,
      period: periodLabel(periods.find((x) => x.id === run.periodId)!),
      runStatus: run.status,
      employeeId: p.employeeId,
      employeeNumber: p.employeeNumber,
      employeeName: p.employeeName,
      currency: p.currency,
      gross: moneyOf(p.grossMinor, p.currency),
      deductions: moneyOf(p.deductionsMinor, p.currency),
      reimbursements: moneyOf(p.reimbursementsMinor, p.currency),
      total: moneyOf(p.totalMinor, p.currency),
      lines: lines
        .filter((l) => l.payslipId === p.id)
        .map((l) => ({
          kind: l.kind,
          description: l.description,
          quantity: l.quantity,
          amount: moneyOf(l.amountMinor, p.currency),
          sourceId: l.sourceId,
        })),
      createdAt: p.createdAt.toISOString(),
    };
  });
}

/** An id nothing has: a filter on it matches no row. */
const NONE = '00000000-0000-0000-0000-000000000000';

/**
 * The payslips `actor` may read: HR every payslip of the workspace (of runs in review too); anyone else their own, of
 * paid runs only (a payslip in review may still change). Never another person's: no role or setting opens them.
 */
function visibleFilter(actor: Actor): Prisma.PayslipWhereInput {
  if (isHrRole(actor.user.role)) return { tenantId: actor.tenant.id };
  return { tenantId: actor.tenant.id, employeeId: actor.employee?.id ?? NONE };
}

export async function listPayslips(
  prisma: PrismaClient,
  actor: Actor,
  query: {
    runId?: string | undefined;
    employeeId?: string | undefined;
    period?: string | undefined;
    limit: number;
    after?: string | undefined;
  },
): Promise<{ payslips: PayslipView[]; nextCursor: string | null }> {
  const filter = visibleFilter(actor);
  const hr = isHrRole(actor.user.role);
  // The runs whose payslips the query may reach: of the period asked, and (for everyone but HR) paid.
  const runFilter: Prisma.PayrollRunWhereInput = {
    tenantId: actor.tenant.id,
    ...(hr ? { status: { not: 'CANCELLED' } } : { status: 'PAID' }),
    ...(query.runId ? { id: query.runId } : {}),
  };
  if (query.period) {
    const period = await prisma.payPeriod.findFirst({
      where: { tenantId: actor.tenant.id, ...parsePeriod(query.period) },
    });
    runFilter.periodId = period?.id ?? NONE;
  }
  const runIds = (await prisma.payrollRun.findMany({ where: runFilter, select: { id: true } })).map((r) => r.id);
  const rows = await prisma.payslip.findMany({
    where: {
      ...filter,
      runId: { in: runIds },
      ...(query.employeeId ? { AND: [{ employeeId: query.employeeId }] } : {}),
      ...(query.after ? { id: { lt: query.after } } : {}),
    },
    orderBy: { id: 'desc' },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    payslips: await viewsOf(prisma, page),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}

/** One payslip: the person's own (of a paid run) or any as HR; 404 otherwise. */
export async function getPayslip(prisma: PrismaClient, actor: Actor, id: string): Promise<PayslipView> {
  const row = await prisma.payslip.findFirst({ where: { id, tenantId: actor.tenant.id } });
  const run = row ? await prisma.payrollRun.findUnique({ where: { id: row.runId } }) : null;
  const visible =
    row &&
    run &&
    run.status !== 'CANCELLED' &&
    maySeePayslip(actor, row.employeeId) &&
    (isHrRole(actor.user.role) || run.status === 'PAID');
  if (!visible) throw new AppError('not_found', `No payslip ${id}`);
  const [view] = await viewsOf(prisma, [row]);
  return view!;
}

import type { ExpenseCategory, ExpenseClaim, ExpenseClaimStatus, ExpenseLine } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { moneyOf, type Money } from '../../lib/money/money';
import type { Actor } from '../access/actor';
import { visibilityOf } from '../access/roles';
import { visibleEmployeesFilter } from '../access/visibility';
import { AppError } from '../appError';
import { fromDbDate } from '../leave/dates';
import { rulesOf } from './expenseCategories';
import { receiptRequired } from './expenseLineRules';

/** Expense claims as the API shows them, and who may see which (the usual rule: self, team, department, all). */

export interface ExpenseLineView {
  id: string;
  position: number;
  category: { id: string; name: string };
  date: string;
  description: string;
  amount: Money;
  exchangeRate: string | null;
  claimAmount: Money;
  distanceKm: number | null;
  receipt: { attachmentId: string; filename: string; contentType: string; size: number } | null;
  receiptRequired: boolean;
  flags: string[];
}

export interface ExpenseClaimView {
  id: string;
  employeeId: string;
  employeeName: string;
  title: string;
  status: ExpenseClaimStatus;
  total: Money;
  flags: string[];
  lineCount: number;
  approvalId: string | null;
  submittedAt: string | null;
  decidedAt: string | null;
  decisionComment: string | null;
  payrollRunId: string | null;
  reimbursedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

async function lineViewsOf(prisma: PrismaClient, claim: ExpenseClaim, lines: ExpenseLine[]) {
  const categories = await prisma.expenseCategory.findMany({
    where: { id: { in: [...new Set(lines.map((l) => l.categoryId))] } },
  });
  const receipts = await prisma.agentAttachment.findMany({
    where: { id: { in: lines.flatMap((l) => (l.receiptAttachmentId ? [l.receiptAttachmentId] : [])) } },
    select: { id: true, filename: true, contentType: true, size: true },
  });
  const categoryOf = new Map<string, ExpenseCategory>(categories.map((c) => [c.id, c]));
  const receiptOf = new Map(receipts.map((r) => [r.id, r]));
  return lines.map((l): ExpenseLineView => {
    const category = categoryOf.get(l.categoryId)!;
    const receipt = l.receiptAttachmentId ? receiptOf.get(l.receiptAttachmentId) : undefined;
    return {
      id: l.id,
      position: l.position,
      category: { id: category.id, name: category.name },
      date: fromDbDate(l.date),
      description: l.description,
      amount: moneyOf(l.amountMinor, l.currency),
      exchangeRate: l.exchangeRate,
      claimAmount: moneyOf(l.claimAmountMinor, claim.currency),
      distanceKm: l.distanceTenthsKm === null ? null : l.distanceTenthsKm / 10,
      receipt: receipt
        ? { attachmentId: receipt.id, filename: receipt.filename, contentType: receipt.contentType, size: receipt.size }
        : null,
      // Read against the category as it is now: the rule submit applies.
      receiptRequired: receiptRequired(
        { amountMinor: l.amountMinor, currency: l.currency, claimAmountMinor: l.claimAmountMinor },
        claim.currency,
        rulesOf(category),
      ),
      flags: l.flags,
    };
  });
}

async function viewsOf(prisma: PrismaClient, rows: ExpenseClaim[]): Promise<ExpenseClaimView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [employees, approvals, counts] = await Promise.all([
    prisma.employee.findMany({
      where: { id: { in: [...new Set(rows.map((r) => r.employeeId))] } },
      select: { id: true, name: true },
    }),
    prisma.approvalInstance.findMany({
      where: { requestType: 'expense_claim', subjectId: { in: ids } },
      select: { id: true, subjectId: true },
    }),
    prisma.expenseLine.groupBy({ by: ['claimId'], where: { claimId: { in: ids } }, _count: { _all: true } }),
  ]);
  const names = new Map(employees.map((e) => [e.id, e.name]));
  const approvalOf = new Map(approvals.map((a) => [a.subjectId, a.id]));
  const lineCountOf = new Map(counts.map((c) => [c.claimId, c._count._all]));
  return rows.map((r) => ({
    id: r.id,
    employeeId: r.employeeId,
    employeeName: names.get(r.employeeId) ?? '',
    title: r.title,
    status: r.status,
    total: moneyOf(r.totalMinor, r.currency),
    flags: r.flags,
    lineCount: lineCountOf.get(r.id) ?? 0,
    approvalId: approvalOf.get(r.id) ?? null,
    submittedAt: r.submittedAt?.toISOString() ?? null,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decisionComment: r.decisionComment,
    payrollRunId: r.payrollRunId,
    reimbursedAt: r.reimbursedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** The ids of the employees the actor may see; null when they see the whole workspace (no filter needed). */
async function visibleEmployeeIds(prisma: PrismaClient, actor: Actor): Promise<string[] | null> {
  if (visibilityOf(actor.user.role) === 'workspace') return null;
  const filter = await visibleEmployeesFilter(prisma, actor);
  return (await prisma.employee.findMany({ where: filter, select: { id: true } })).map((e) => e.id);
}

/** A claim of someone the actor may see, with its lines; 404 otherwise (no existence leak). */
export async function findVisibleExpenseClaim(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
): Promise<{ row: ExpenseClaim; view: ExpenseClaimView & { lines: ExpenseLineView[] } }> {
  const row = await prisma.expenseClaim.findFirst({ where: { id, tenantId: actor.tenant.id } });
  const visible = await visibleEmployeeIds(prisma, actor);
  if (!row || (visible !== null && !visible.includes(row.employeeId))) {
    throw new AppError('not_found', `No expense claim ${id}`);
  }
  const lines = await prisma.expenseLine.findMany({ where: { claimId: id }, orderBy: { position: 'asc' } });
  const [view] = await viewsOf(prisma, [row]);
  return { row, view: { ...view!, lines: await lineViewsOf(prisma, row, lines) } };
}

/** Claims of the people the actor may see, newest first, a page at a time (without their lines). */
export async function listExpenseClaims(
  prisma: PrismaClient,
  actor: Actor,
  query: {
    employeeId?: string | undefined;
    status?: ExpenseClaimStatus | undefined;
    limit: number;
    after?: string | undefined;
  },
): Promise<{ claims: ExpenseClaimView[]; nextCursor: string | null }> {
  const visible = await visibleEmployeeIds(prisma, actor);
  const allowed = query.employeeId
    ? visible === null || visible.includes(query.employeeId)
      ? [query.employeeId]
      : []
    : visible;
  const rows = await prisma.expenseClaim.findMany({
    where: {
      tenantId: actor.tenant.id,
      ...(allowed === null ? {} : { employeeId: { in: allowed } }),
      ...(query.status ? { status: query.status } : {}),
      ...(query.after ? { id: { lt: query.after } } : {}),
    },
    orderBy: { id: 'desc' },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    claims: await viewsOf(prisma, page),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}

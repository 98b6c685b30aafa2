import type { ExpenseClaim, Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { formatMoney } from '../../lib/money/money';
import type { Actor } from '../access/actor';
import { isHrRole } from '../access/roles';
import { AppError } from '../appError';
import { lockApprovalOf, withdrawApproval } from '../approvalFlows/withdrawApproval';
import { openApproval } from '../approvalFlows/openApproval';
import { fromDbDate } from '../leave/dates';
import { lockEmployee, type LockedEmployee } from '../people/employeeLock';
import { emitExpenseClaimWebhookEvent } from '../webhooks/emitters';
import { rulesOf } from './expenseCategories';
import { expenseApprovalSubject } from './expenseApprovalSubject';
import { findVisibleExpenseClaim } from './expenseClaimViews';
import { receiptRequired } from './expenseLineRules';
import { notifyExpenseClaim } from './expenseNotifications';

type Tx = Prisma.TransactionClient;

/**
 * Submitting and withdrawing an expense claim (DRAFT ⇄ SUBMITTED). Submitting checks what can only be checked once
 * the claimant says "done": every line that needs a receipt has one, and every category is still active (409
 * naming the lines); then it opens the claim's approval (request type `expense_claim`, facts { amountMinor: the
 * total }), whose built-in flow asks the manager, and HR too above 500.00.
 */

/** 403 unless the actor is the claimant or HR (HR_MANAGER, ADMIN, OWNER); `what` finishes "Only ... can ...". */
export function requireClaimantOrHr(actor: Actor, claim: { employeeId: string }, what: string): void {
  if (actor.employee?.id !== claim.employeeId && !isHrRole(actor.user.role)) {
    throw new AppError('forbidden', `Only the employee a claim is for, or HR, can ${what}`);
  }
}

/**
 * Removes the approval a claim had before it was withdrawn: a claim has one approval at a time (one instance per
 * request type and subject), and a withdrawn claim that is submitted again is asked afresh. Its audit records stay.
 */
export async function dropWithdrawnApproval(tx: Tx, claimId: string): Promise<void> {
  const old = await tx.approvalInstance.findUnique({
    where: { requestType_subjectId: { requestType: 'expense_claim', subjectId: claimId } },
    select: { id: true, status: true },
  });
  if (!old) return;
  if (old.status !== 'CANCELLED') throw new AppError('conflict', `This claim's approval is ${old.status}`);
  await tx.approvalAssignment.deleteMany({ where: { instanceId: old.id } });
  await tx.approvalInstance.delete({ where: { id: old.id } });
}

/**
 * Submits a DRAFT claim inside the caller's transaction, which holds the claimant's lock. Answers the approval's
 * id: its workflow starts after commit.
 */
export async function submitInTx(
  tx: Tx,
  actor: Actor,
  claim: ExpenseClaim,
  employee: LockedEmployee,
  at: Date,
): Promise<string> {
  if (claim.status !== 'DRAFT') {
    throw new AppError('conflict', `This expense claim is ${claim.status}: only a DRAFT claim can be submitted`);
  }
  const lines = await tx.expenseLine.findMany({ where: { claimId: claim.id }, orderBy: { position: 'asc' } });
  const categories = new Map(
    (await tx.expenseCategory.findMany({ where: { id: { in: lines.map((l) => l.categoryId) } } })).map((c) => [
      c.id,
      c,
    ]),
  );
  const problems: string[] = [];
  for (const line of lines) {
    const category = categories.get(line.categoryId)!;
    const which = `lines.${line.position} (${category.name}, ${fromDbDate(line.date)}, ${formatMoney(line.amountMinor, line.currency)})`;
    if (!category.active) problems.push(`${which}: the category ${category.name} is no longer active`);
    const needed = receiptRequired(line, claim.currency, rulesOf(category));
    if (needed && !line.receiptAttachmentId) {
      const above = category.receiptRequiredAboveMinor!;
      const rule = above === 0n ? 'always' : `above ${formatMoney(above, category.currency)}`;
      problems.push(`${which}: a receipt is required (${category.name}: ${rule}); set receiptAttachmentId`);
    }
  }
  if (problems.length > 0) {
    throw new AppError('conflict', `This expense claim stays DRAFT: ${problems.join('; ')}`);
  }
  await dropWithdrawnApproval(tx, claim.id);
  const submitted = await tx.expenseClaim.update({
    where: { id: claim.id },
    data: { status: 'SUBMITTED', submittedAt: at, decidedAt: null, decisionComment: null },
  });
  const approval = await openApproval(tx, expenseApprovalSubject, {
    tenantId: claim.tenantId,
    subjectId: claim.id,
    subjectEmployeeId: claim.employeeId,
    requesterUserId: actor.user.id,
    facts: { amountMinor: Number(claim.totalMinor) },
    summary:
      `Expense claim “${claim.title}”: ${formatMoney(claim.totalMinor, claim.currency)} ` +
      `(${lines.length} ${lines.length === 1 ? 'line' : 'lines'}) for ${employee.name}`,
    at,
  });
  await emitExpenseClaimWebhookEvent(tx, 'expenses.claim.submitted', submitted);
  return approval.id;
}

/** Submits a DRAFT claim: the claimant's own, or anyone's as HR. Opens its approval; its workflow starts after. */
export async function submitExpenseClaim(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  opts: { start?: (ref: { tenantId: string; instanceId: string }) => Promise<void> },
) {
  const { row } = await findVisibleExpenseClaim(prisma, actor, id);
  requireClaimantOrHr(actor, row, 'submit it');
  const approvalId = await prisma.$transaction(async (tx) => {
    const employee = await lockEmployee(tx, actor.tenant.id, row.employeeId);
    const current = await tx.expenseClaim.findUniqueOrThrow({ where: { id } });
    return submitInTx(tx, actor, current, employee, new Date());
  });
  await opts.start?.({ tenantId: actor.tenant.id, instanceId: approvalId });
  return (await findVisibleExpenseClaim(prisma, actor, id)).view;
}

/**
 * Takes a SUBMITTED claim back to DRAFT (the claimant's own, or anyone's as HR), to change it or to drop it: its
 * approval is cancelled, and those it waited for are told. 409 once decided.
 */
export async function withdrawExpenseClaim(prisma: PrismaClient, actor: Actor, id: string) {
  const { row } = await findVisibleExpenseClaim(prisma, actor, id);
  requireClaimantOrHr(actor, row, 'withdraw it');
  const approvalId = await prisma.$transaction(async (tx) => {
    await lockEmployee(tx, actor.tenant.id, row.employeeId);
    const current = await tx.expenseClaim.findUniqueOrThrow({ where: { id } });
    if (current.status !== 'SUBMITTED') {
      throw new AppError(
        'conflict',
        `This expense claim is ${current.status}: only a SUBMITTED claim can be withdrawn`,
      );
    }
    const approval = await lockApprovalOf(tx, 'expense_claim', id);
    const withdrawn = await tx.expenseClaim.update({ where: { id }, data: { status: 'DRAFT', submittedAt: null } });
    const asked = await withdrawApproval(tx, approval, new Date());
    await notifyExpenseClaim(tx, actor.tenant.id, asked, 'expenses.claim_withdrawn', withdrawn);
    await emitExpenseClaimWebhookEvent(tx, 'expenses.claim.withdrawn', withdrawn);
    return approval?.id ?? null;
  });
  return { claim: (await findVisibleExpenseClaim(prisma, actor, id)).view, approvalId };
}

import type { Prisma } from '../../db/models';
import { AppError } from '../appError';
import type { ApprovalSubject, AssignedChange } from '../approvalFlows/subject';
import { lockEmployee } from '../people/employeeLock';
import { emitExpenseClaimWebhookEvent } from '../webhooks/emitters';
import { notifyExpenseClaim, type ExpenseNotificationKind } from './expenseNotifications';

type Tx = Prisma.TransactionClient;

const assignedKinds: Record<AssignedChange['because'], ExpenseNotificationKind> = {
  opened: 'expenses.claim_submitted',
  step: 'expenses.claim_approval_needed',
  delegated: 'expenses.claim_approval_needed',
  escalated: 'expenses.claim_escalated',
};

async function claimOf(tx: Tx, instance: { tenantId: string; subjectId: string }) {
  return tx.expenseClaim.findFirstOrThrow({ where: { id: instance.subjectId, tenantId: instance.tenantId } });
}

/**
 * Expense claims as Approval Flows sees them (engines/approvalFlows/subject.ts): the last approval makes the
 * claim APPROVED (Payroll reimburses it from then on), a rejection REJECTED; the claimant is told either way.
 */
export const expenseApprovalSubject: ApprovalSubject = {
  requestType: 'expense_claim',
  async lock(tx, instance) {
    await lockEmployee(tx, instance.tenantId, instance.subjectEmployeeId);
  },
  async commit(tx, instance, outcome) {
    const claim = await claimOf(tx, instance);
    if (claim.status !== 'SUBMITTED') throw new AppError('conflict', `This expense claim is ${claim.status}`);
    const approved = outcome.decision === 'approve';
    const decided = await tx.expenseClaim.update({
      where: { id: claim.id },
      data: { status: approved ? 'APPROVED' : 'REJECTED', decidedAt: outcome.at, decisionComment: outcome.comment },
    });
    const employee = await tx.employee.findUnique({ where: { id: claim.employeeId }, select: { userId: true } });
    const kind = approved ? 'expenses.claim_approved' : 'expenses.claim_rejected';
    await notifyExpenseClaim(tx, instance.tenantId, [employee?.userId ?? null], kind, decided, outcome.comment);
    await emitExpenseClaimWebhookEvent(tx, approved ? 'expenses.claim.approved' : 'expenses.claim.rejected', decided);
  },
  async assigned(tx, instance, change) {
    const claim = await claimOf(tx, instance);
    await notifyExpenseClaim(tx, instance.tenantId, change.userIds, assignedKinds[change.because], claim);
  },
  async reminded(tx, instance, userIds) {
    await notifyExpenseClaim(tx, instance.tenantId, userIds, 'expenses.claim_reminder', await claimOf(tx, instance));
  },
};

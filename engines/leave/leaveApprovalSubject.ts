import type { ApprovalInstance, Prisma } from '../../db/models';
import { AppError } from '../appError';
import type { ApprovalSubject, AssignedChange } from '../approvalFlows/subject';
import { approveMovements, heldByRequest, moveBalance, releaseMovements } from './balances';
import { lockEmployee } from '../people/employeeLock';
import { notifiedRequest, notifyUsers, type LeaveNotificationKind } from './notifications';
import type { RoutedTo } from './routing';
import { emitLeaveWebhookEvent } from '../webhooks/emitters';

type Tx = Prisma.TransactionClient;

/**
 * Commits a decision on a PENDING leave request, inside the caller's transaction (which holds the employee's
 * lock): approval moves its days from `pending` to `used`, rejection gives them back; the employee is notified
 * and the webhook event emitted. 409 when the request is no longer PENDING.
 */
export async function commitLeaveDecision(
  tx: Tx,
  tenantId: string,
  requestId: string,
  outcome: { decision: 'approve' | 'reject'; byUserId: string; comment: string | null; at: Date },
): Promise<void> {
  const current = await tx.leaveRequest.findFirstOrThrow({ where: { id: requestId, tenantId } });
  if (current.status !== 'PENDING') throw new AppError('conflict', `This request is already ${current.status}`);
  const approved = outcome.decision === 'approve';
  await tx.leaveRequest.update({
    where: { id: current.id },
    data: {
      status: approved ? 'APPROVED' : 'REJECTED',
      decidedByUserId: outcome.byUserId,
      decidedAt: outcome.at,
      decisionComment: outcome.comment,
    },
  });
  const held = await heldByRequest(tx, current.id);
  const policy = await tx.leavePolicy.findUniqueOrThrow({ where: { id: current.policyId } });
  await moveBalance(
    tx,
    { tenantId, employeeId: current.employeeId, policy },
    approved ? approveMovements(held) : releaseMovements(held),
    { requestId: current.id },
  );
  const employee = await tx.employee.findUnique({ where: { id: current.employeeId }, select: { userId: true } });
  if (employee?.userId) {
    await notifyUsers(
      tx,
      tenantId,
      [employee.userId],
      approved ? 'leave.approved' : 'leave.rejected',
      await notifiedRequest(tx, current),
      outcome.comment,
    );
  }
  await emitLeaveWebhookEvent(tx, approved ? 'leave_request.approved' : 'leave_request.rejected', current);
}

/** The leave engine's fields that say who decides: kept in line with the approval's current step. */
function routingOf(change: AssignedChange): { routedTo: RoutedTo; approverEmployeeId: string | null } {
  if (change.relation === 'manager' && change.managerEmployeeId) {
    return { routedTo: 'MANAGER', approverEmployeeId: change.managerEmployeeId };
  }
  return { routedTo: change.relation === 'hr' ? 'HR' : 'FLOW', approverEmployeeId: null };
}

const assignedKinds: Record<AssignedChange['because'], LeaveNotificationKind> = {
  opened: 'leave.submitted',
  step: 'leave.approval_needed',
  delegated: 'leave.approval_needed',
  escalated: 'leave.escalated',
};

async function requestOf(tx: Tx, instance: Pick<ApprovalInstance, 'tenantId' | 'subjectId'>) {
  return tx.leaveRequest.findFirstOrThrow({ where: { id: instance.subjectId, tenantId: instance.tenantId } });
}

/** Leave requests, as Approval Flows sees them: "today's leave routing becomes one flow". */
export const leaveApprovalSubject: ApprovalSubject = {
  requestType: 'leave',
  async lock(tx, instance) {
    await lockEmployee(tx, instance.tenantId, instance.subjectEmployeeId);
  },
  async commit(tx, instance, outcome) {
    await commitLeaveDecision(tx, instance.tenantId, instance.subjectId, outcome);
  },
  async assigned(tx, instance, change) {
    // Updated and read in one statement (the request's routing follows the approval's current step).
    const request = await tx.leaveRequest.update({
      where: { id: instance.subjectId, tenantId: instance.tenantId },
      data: { ...routingOf(change), ...(change.because === 'escalated' ? { escalatedAt: change.at } : {}) },
    });
    await notifyUsers(
      tx,
      instance.tenantId,
      change.userIds,
      assignedKinds[change.because],
      await notifiedRequest(tx, request),
    );
  },
  async reminded(tx, instance, userIds, at) {
    const request = await requestOf(tx, instance);
    await tx.leaveRequest.update({ where: { id: request.id }, data: { remindedAt: at } });
    await notifyUsers(tx, instance.tenantId, userIds, 'leave.reminder', await notifiedRequest(tx, request));
  },
};

import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { AppError } from '../appError';
import { notifyApprovalWorkflow } from './approvalPort';
import { approveMovements, heldByRequest, moveBalance, releaseMovements } from './balances';
import type { LeaveWriteOptions } from './createRequest';
import { lockEmployee } from './employeeLock';
import { notifiedRequest, notifyUsers } from './notifications';
import { findRequestView, type LeaveRequestView } from './requestViews';
import { mayDecide } from './routing';
import { findVisibleRequest } from './visibleRequest';
import { emitLeaveWebhookEvent } from '../webhooks/emitters';

export type LeaveDecision = 'approve' | 'reject';

/**
 * Approves or rejects a PENDING request, by the manager it is routed to or by HR. Approval moves its days from
 * `pending` to `used`; rejection gives them back. The employee is notified in the same transaction; the workflow
 * is told after commit. 404 when the actor cannot see the request, 403 when they may not decide it (their own
 * request included), 409 `conflict` when it is no longer PENDING.
 */
export async function decideRequest(
  prisma: PrismaClient,
  actor: Actor,
  requestId: string,
  input: { decision: LeaveDecision; comment?: string | undefined },
  opts: LeaveWriteOptions,
): Promise<LeaveRequestView> {
  const request = await findVisibleRequest(prisma, actor, requestId);
  if (!mayDecide(actor, request)) {
    throw new AppError(
      'forbidden',
      actor.employee?.id === request.employeeId
        ? 'You cannot decide your own leave request'
        : 'Only the manager this request is routed to, or HR, can decide it',
    );
  }
  const comment = input.comment?.trim() || null;
  const tenantId = actor.tenant.id;

  await prisma.$transaction(async (tx) => {
    const employee = await lockEmployee(tx, tenantId, request.employeeId);
    const current = await tx.leaveRequest.findUniqueOrThrow({ where: { id: request.id } });
    if (current.status !== 'PENDING') throw new AppError('conflict', `This request is already ${current.status}`);
    const approved = input.decision === 'approve';
    await tx.leaveRequest.update({
      where: { id: current.id },
      data: {
        status: approved ? 'APPROVED' : 'REJECTED',
        decidedByUserId: actor.user.id,
        decidedAt: new Date(),
        decisionComment: comment,
      },
    });
    const held = await heldByRequest(tx, current.id);
    const policy = await tx.leavePolicy.findUniqueOrThrow({ where: { id: current.policyId } });
    await moveBalance(
      tx,
      { tenantId, employeeId: employee.id, policy },
      approved ? approveMovements(held) : releaseMovements(held),
      { requestId: current.id },
    );
    if (employee.userId) {
      await notifyUsers(
        tx,
        tenantId,
        [employee.userId],
        approved ? 'leave.approved' : 'leave.rejected',
        await notifiedRequest(tx, current),
        comment,
      );
    }
    await emitLeaveWebhookEvent(tx, approved ? 'leave_request.approved' : 'leave_request.rejected', current);
  });

  await notifyApprovalWorkflow(opts.port, { tenantId, requestId: request.id }, opts.log);
  const view = await findRequestView(prisma, tenantId, request.id);
  if (!view) throw new AppError('internal_error', 'The leave request vanished after it was decided');
  return view;
}

import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { AppError } from '../appError';
import { notifyApprovalWorkflow } from './approvalPort';
import { heldByRequest, moveBalance, releaseMovements } from './balances';
import type { LeaveWriteOptions } from './createRequest';
import { fromDbDate } from './dates';
import { lockEmployee } from '../people/employeeLock';
import { notifiedRequest, notifyUsers } from './notifications';
import { findRequestView, type LeaveRequestView } from './requestViews';
import { approverUserIds } from './routing';
import { lockApproval, pendingOfCurrentStep } from '../approvalFlows/approvalProgress';
import { cancelApproval } from '../approvalFlows/decideApproval';
import { tenantToday } from './tenantCalendar';
import { findVisibleRequest } from './visibleRequest';
import { isHrRole } from '../access/roles';
import { emitLeaveWebhookEvent } from '../webhooks/emitters';

/**
 * Cancels the actor's own request (through the company API, HR may cancel anyone's) while it is PENDING, or APPROVED and not started yet (its first day is after
 * today in the tenant's calendar). Every day it holds goes back to the balance, pending or used; whoever it was
 * routed to is notified, and the workflow is told after commit. 404 when the actor cannot see the request, 403
 * when it is someone else's, 409 `conflict` when it is in another state or has started.
 */
export async function cancelRequest(
  prisma: PrismaClient,
  actor: Actor,
  requestId: string,
  opts: LeaveWriteOptions,
  /** The company API: HR_MANAGER, ADMIN and OWNER may cancel anyone's request too (the employee is told). */
  hrMayCancel = false,
): Promise<LeaveRequestView> {
  const request = await findVisibleRequest(prisma, actor, requestId);
  const own = actor.employee?.id === request.employeeId;
  if (!own && !(hrMayCancel && isHrRole(actor.user.role))) {
    throw new AppError(
      'forbidden',
      hrMayCancel
        ? 'Only the employee a leave request is for, or HR, can cancel it'
        : 'Only the employee a leave request is for can cancel it',
    );
  }
  const tenantId = actor.tenant.id;
  const { today } = await tenantToday(prisma, tenantId, opts.clock);

  await prisma.$transaction(async (tx) => {
    const employee = await lockEmployee(tx, tenantId, request.employeeId);
    const current = await tx.leaveRequest.findUniqueOrThrow({ where: { id: request.id } });
    const startDate = fromDbDate(current.startDate);
    if (current.status === 'APPROVED' && startDate <= today) {
      throw new AppError('conflict', `This request started on ${startDate}; it can no longer be cancelled`);
    }
    if (current.status !== 'PENDING' && current.status !== 'APPROVED') {
      throw new AppError('conflict', `This request is already ${current.status}`);
    }
    // The approval's lock before the request's row: the order of every writer (approvalProgress.lockApproval).
    const found = await tx.approvalInstance.findUnique({
      where: { requestType_subjectId: { requestType: 'leave', subjectId: current.id } },
      select: { id: true },
    });
    const approval = found ? await lockApproval(tx, found.id) : null;
    await tx.leaveRequest.update({ where: { id: current.id }, data: { status: 'CANCELLED' } });
    // Those still asked to decide hear of the cancellation; before any decision that is the current step's people.
    const asked = approval
      ? (await pendingOfCurrentStep(tx, approval)).map((a) => a.assigneeUserId)
      : await approverUserIds(tx, current);
    if (approval) await cancelApproval(tx, approval.id, new Date());
    const policy = await tx.leavePolicy.findUniqueOrThrow({ where: { id: current.policyId } });
    await moveBalance(
      tx,
      { tenantId, employeeId: employee.id, policy },
      releaseMovements(await heldByRequest(tx, current.id)),
      { requestId: current.id },
    );
    const recipients = (approval?.status === 'PENDING' ? asked : await approverUserIds(tx, current)).filter(
      (id) => id !== employee.userId,
    );
    await notifyUsers(tx, tenantId, recipients, 'leave.cancelled', await notifiedRequest(tx, current));
    if (!own && employee.userId) {
      // employeeName: who cancelled it, as in leave.requested_for_you.
      const notified = { ...(await notifiedRequest(tx, current)), employeeName: actor.user.name };
      await notifyUsers(tx, tenantId, [employee.userId], 'leave.cancelled_for_you', notified);
    }
    await emitLeaveWebhookEvent(tx, 'leave_request.cancelled', current);
  });

  await notifyApprovalWorkflow(opts.port, { tenantId, requestId: request.id }, opts.log);
  const view = await findRequestView(prisma, tenantId, request.id);
  if (!view) throw new AppError('internal_error', 'The leave request vanished after it was cancelled');
  return view;
}

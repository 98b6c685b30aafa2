import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { AppError } from '../appError';
import { notifyApprovalWorkflow } from './approvalPort';
import { decideStep } from '../approvalFlows/decideApproval';
import { lockApproval } from '../approvalFlows/approvalProgress';
import type { LeaveWriteOptions } from './createRequest';
import { lockEmployee } from '../people/employeeLock';
import { commitLeaveDecision, leaveApprovalSubject } from './leaveApprovalSubject';
import { findRequestView, type LeaveRequestView } from './requestViews';
import { mayDecide } from './routing';
import { isHrRole } from '../access/roles';
import { findVisibleRequest } from './visibleRequest';

export type LeaveDecision = 'approve' | 'reject';

/**
 * The request, when the actor may see it, or was asked to decide it (a delegate from outside the employee's line
 * sees the request through its approval); 404 otherwise, as for an unknown id.
 */
async function findDecidableRequest(prisma: PrismaClient, actor: Actor, requestId: string) {
  try {
    return await findVisibleRequest(prisma, actor, requestId);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'not_found') throw error;
    const approval = await prisma.approvalInstance.findFirst({
      where: { tenantId: actor.tenant.id, requestType: 'leave', subjectId: requestId },
      select: { id: true },
    });
    const asked = approval
      ? await prisma.approvalAssignment.count({ where: { instanceId: approval.id, assigneeUserId: actor.user.id } })
      : 0;
    const request =
      asked > 0 ? await prisma.leaveRequest.findFirst({ where: { id: requestId, tenantId: actor.tenant.id } }) : null;
    if (!request) throw error;
    return request;
  }
}

/**
 * Approves or rejects a PENDING request: the current step of its approval flow (engines/approvalFlows), decided
 * by those the step waits for or by HR; the last approval (or any rejection) commits the request, moving its days
 * from `pending` to `used` or giving them back, and notifying the employee in the same transaction. The workflow
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
  const request = await findDecidableRequest(prisma, actor, requestId);
  const approval = await prisma.approvalInstance.findUnique({
    where: { requestType_subjectId: { requestType: 'leave', subjectId: request.id } },
    select: { id: true },
  });
  if (actor.employee?.id === request.employeeId) {
    throw new AppError('forbidden', 'You cannot decide your own leave request');
  }
  // Someone never asked to decide this request, and not HR, is refused whatever its state.
  const asked =
    approval !== null &&
    (isHrRole(actor.user.role) ||
      (await prisma.approvalAssignment.count({ where: { instanceId: approval.id, assigneeUserId: actor.user.id } })) >
        0);
  if (approval ? !asked : !mayDecide(actor, request)) {
    throw new AppError(
      'forbidden',
      actor.employee?.id === request.employeeId
        ? 'You cannot decide your own leave request'
        : 'Only the manager this request is routed to, or HR, can decide it',
    );
  }
  const comment = input.comment?.trim() || null;
  const tenantId = actor.tenant.id;
  const at = new Date();

  await prisma.$transaction(async (tx) => {
    await lockEmployee(tx, tenantId, request.employeeId);
    const current = await tx.leaveRequest.findUniqueOrThrow({ where: { id: request.id } });
    if (current.status !== 'PENDING') throw new AppError('conflict', `This request is already ${current.status}`);
    const found = await tx.approvalInstance.findUnique({
      where: { requestType_subjectId: { requestType: 'leave', subjectId: request.id } },
      select: { id: true },
    });
    const approval = found ? await lockApproval(tx, found.id) : null;
    // A request of the approval-flow era decides its current step; the last step commits the request. A request
    // made before approval flows existed has no approval and is decided at once, as it always was.
    if (approval) {
      await decideStep(tx, leaveApprovalSubject, actor, approval, { decision: input.decision, comment }, at);
    } else {
      await commitLeaveDecision(tx, tenantId, request.id, {
        decision: input.decision,
        byUserId: actor.user.id,
        comment,
        at,
      });
    }
  });

  await notifyApprovalWorkflow(opts.port, { tenantId, requestId: request.id }, opts.log);
  const view = await findRequestView(prisma, tenantId, request.id);
  if (!view) throw new AppError('internal_error', 'The leave request vanished after it was decided');
  return view;
}

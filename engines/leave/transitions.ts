import type { LeaveStatus } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { AppError } from '../appError';
import { fromDbDate, type IsoDate } from './dates';
import { notifiedRequest, notifyUsers } from './notifications';
import { approverUserIds, hrUserIds } from './routing';
import { escalateApprovalStep, remindApprovalStep } from '../approvalFlows/approvalTimers';
import { leaveApprovalSubject } from './leaveApprovalSubject';

/**
 * The steps the approval workflow (workflows/leaveApproval.ts, through its activities) takes on a request. A
 * request with an approval (every request since Approval Flows) has its reminder and escalation done by the
 * approval engine (engines/approvalFlows/approvalTimers.ts); the code below serves the requests made before. Each
 * is idempotent, a no-op when the request is not in the state the step expects (decided, cancelled, already
 * moved on), and answers the request's status after the call, so an activity retried after a success, or racing
 * a decision made through the API, never does harm. Each state change is one conditional UPDATE, so two
 * concurrent calls cannot both apply it.
 */

/** What the workflow needs to plan its timers; null when the request does not exist in the tenant. */
export async function getLeaveRequestState(
  prisma: PrismaClient,
  tenantId: string,
  requestId: string,
): Promise<{ status: LeaveStatus; startDate: IsoDate; endDate: IsoDate; timeZone: string } | null> {
  const request = await prisma.leaveRequest.findFirst({
    where: { id: requestId, tenantId },
    select: { status: true, startDate: true, endDate: true },
  });
  if (!request) return null;
  const { timeZone } = await prisma.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { timeZone: true } });
  return {
    status: request.status,
    startDate: fromDbDate(request.startDate),
    endDate: fromDbDate(request.endDate),
    timeZone,
  };
}

/** The request's approval (engines/approvalFlows), when it has one: the timed steps then belong to it. */
async function approvalOf(prisma: PrismaClient, tenantId: string, requestId: string) {
  return prisma.approvalInstance.findFirst({
    where: { tenantId, requestType: 'leave', subjectId: requestId },
    select: { id: true, currentStep: true },
  });
}

async function statusOf(prisma: PrismaClient, tenantId: string, requestId: string): Promise<LeaveStatus> {
  const request = await prisma.leaveRequest.findFirst({ where: { id: requestId, tenantId }, select: { status: true } });
  if (!request) throw new AppError('not_found', `No leave request ${requestId} in tenant ${tenantId}`);
  return request.status;
}

/**
 * Reminds the approver(s) of a PENDING request: a `leave.reminder` notification to the routed manager, or to
 * every HR user, and `remindedAt = now`. Once per routing: a request already reminded is not reminded again
 * until it is escalated (a new approver gets their own reminder). So a retried activity, whatever `now` it
 * passes, reminds once.
 */
export async function remindApprover(
  prisma: PrismaClient,
  tenantId: string,
  requestId: string,
  now: Date,
): Promise<LeaveStatus> {
  const approval = await approvalOf(prisma, tenantId, requestId);
  if (approval) {
    const ref = { tenantId, instanceId: approval.id, step: approval.currentStep };
    await remindApprovalStep(prisma, { leave: leaveApprovalSubject }, ref, now);
    return statusOf(prisma, tenantId, requestId);
  }
  await prisma.$transaction(async (tx) => {
    const claimed = await tx.$executeRaw`
      UPDATE leave_requests SET reminded_at = ${now}, updated_at = now()
      WHERE id = ${requestId}::uuid AND tenant_id = ${tenantId}::uuid AND status = 'PENDING'
        AND (reminded_at IS NULL OR (escalated_at IS NOT NULL AND reminded_at < escalated_at))`;
    if (claimed === 0) return;
    const request = await tx.leaveRequest.findUniqueOrThrow({ where: { id: requestId } });
    await notifyUsers(
      tx,
      tenantId,
      await approverUserIds(tx, request),
      'leave.reminder',
      await notifiedRequest(tx, request),
    );
  });
  return statusOf(prisma, tenantId, requestId);
}

/**
 * Hands a PENDING request routed to a manager over to HR (the manager did not decide in time): `routedTo = HR`,
 * no approver employee, `escalatedAt = now`, and a `leave.escalated` notification to every HR user. A no-op for a
 * request already routed to HR, decided or cancelled.
 */
export async function escalateToHr(
  prisma: PrismaClient,
  tenantId: string,
  requestId: string,
  now: Date,
): Promise<LeaveStatus> {
  const approval = await approvalOf(prisma, tenantId, requestId);
  if (approval) {
    const ref = { tenantId, instanceId: approval.id, step: approval.currentStep };
    await escalateApprovalStep(prisma, { leave: leaveApprovalSubject }, ref, now);
    return statusOf(prisma, tenantId, requestId);
  }
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.leaveRequest.updateMany({
      where: { id: requestId, tenantId, status: 'PENDING', routedTo: 'MANAGER' },
      data: { routedTo: 'HR', approverEmployeeId: null, escalatedAt: now },
    });
    if (count === 0) return;
    const request = await tx.leaveRequest.findUniqueOrThrow({ where: { id: requestId } });
    const employee = await tx.employee.findUnique({ where: { id: request.employeeId }, select: { userId: true } });
    const hr = await hrUserIds(tx, tenantId, employee?.userId ?? undefined);
    await notifyUsers(tx, tenantId, hr, 'leave.escalated', await notifiedRequest(tx, request));
  });
  return statusOf(prisma, tenantId, requestId);
}

/** APPROVED → IN_PROGRESS, on the request's first day. A no-op in any other state. */
export async function markInProgress(
  prisma: PrismaClient,
  tenantId: string,
  requestId: string,
  now: Date,
): Promise<LeaveStatus> {
  await prisma.leaveRequest.updateMany({
    where: { id: requestId, tenantId, status: 'APPROVED' },
    data: { status: 'IN_PROGRESS', updatedAt: now },
  });
  return statusOf(prisma, tenantId, requestId);
}

/**
 * IN_PROGRESS (or APPROVED, when the workflow was not running on the first day) → COMPLETED, after the last day.
 * The days stay in `used`: completion moves no balance. A no-op in any other state.
 */
export async function markCompleted(
  prisma: PrismaClient,
  tenantId: string,
  requestId: string,
  now: Date,
): Promise<LeaveStatus> {
  await prisma.leaveRequest.updateMany({
    where: { id: requestId, tenantId, status: { in: ['IN_PROGRESS', 'APPROVED'] } },
    data: { status: 'COMPLETED', updatedAt: now },
  });
  return statusOf(prisma, tenantId, requestId);
}

import type { Prisma } from '../../db/models';
import { AppError } from '../appError';
import type { ApprovalSubject, AssignedChange } from '../approvalFlows/subject';
import { lockEmployee } from '../people/employeeLock';
import { emitWfaWebhookEvent } from '../webhooks/emitters';
import { notifyWfa, type WfaNotificationKind } from './wfaNotifications';

type Tx = Prisma.TransactionClient;

const assignedKinds: Record<AssignedChange['because'], WfaNotificationKind> = {
  opened: 'work_from_anywhere.submitted',
  step: 'work_from_anywhere.approval_needed',
  delegated: 'work_from_anywhere.approval_needed',
  escalated: 'work_from_anywhere.escalated',
};

async function requestOf(tx: Tx, instance: { tenantId: string; subjectId: string }) {
  return tx.workFromAnywhereRequest.findFirstOrThrow({
    where: { id: instance.subjectId, tenantId: instance.tenantId },
  });
}

/** Work From Anywhere requests as Approval Flows sees them (engines/approvalFlows/subject.ts). */
export const wfaApprovalSubject: ApprovalSubject = {
  requestType: 'work_from_anywhere',
  async lock(tx, instance) {
    await lockEmployee(tx, instance.tenantId, instance.subjectEmployeeId);
  },
  async commit(tx, instance, outcome) {
    const request = await requestOf(tx, instance);
    if (request.status !== 'PENDING') throw new AppError('conflict', `This request is already ${request.status}`);
    const approved = outcome.decision === 'approve';
    const decided = await tx.workFromAnywhereRequest.update({
      where: { id: request.id },
      data: { status: approved ? 'APPROVED' : 'REJECTED', decidedAt: outcome.at, decisionComment: outcome.comment },
    });
    const employee = await tx.employee.findUnique({ where: { id: request.employeeId }, select: { userId: true } });
    if (employee?.userId) {
      const kind = approved ? 'work_from_anywhere.approved' : 'work_from_anywhere.rejected';
      await notifyWfa(tx, instance.tenantId, [employee.userId], kind, decided, outcome.comment);
    }
    await emitWfaWebhookEvent(
      tx,
      approved ? 'work_from_anywhere.request.approved' : 'work_from_anywhere.request.rejected',
      decided,
    );
  },
  async assigned(tx, instance, change) {
    await notifyWfa(
      tx,
      instance.tenantId,
      change.userIds,
      assignedKinds[change.because],
      await requestOf(tx, instance),
    );
  },
  async reminded(tx, instance, userIds) {
    await notifyWfa(tx, instance.tenantId, userIds, 'work_from_anywhere.reminder', await requestOf(tx, instance));
  },
};

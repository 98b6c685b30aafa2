import type { Prisma } from '../../db/models';
import { AppError } from '../appError';
import type { ApprovalSubject, AssignedChange } from '../approvalFlows/subject';
import { lockEmployee } from '../people/employeeLock';
import { emitCompensationWebhookEvent } from '../webhooks/emitters';
import { fromDbDate } from '../leave/dates';
import { notifyCompensation, type CompensationNotificationKind } from './compensationNotifications';

type Tx = Prisma.TransactionClient;

const assignedKinds: Record<AssignedChange['because'], CompensationNotificationKind> = {
  opened: 'compensation.change_proposed',
  step: 'compensation.approval_needed',
  delegated: 'compensation.approval_needed',
  escalated: 'compensation.escalated',
};

async function changeOf(tx: Tx, instance: { tenantId: string; subjectId: string }) {
  return tx.compensationChange.findFirstOrThrow({ where: { id: instance.subjectId, tenantId: instance.tenantId } });
}

/**
 * Compensation change proposals as Approval Flows sees them (engines/approvalFlows/subject.ts). The last approval
 * makes the proposal APPROVED; its workflow (`compensation-change/<tenant>/<id>`) applies it on its effective date.
 */
export const compensationApprovalSubject: ApprovalSubject = {
  requestType: 'compensation_change',
  async lock(tx, instance) {
    await lockEmployee(tx, instance.tenantId, instance.subjectEmployeeId);
  },
  async commit(tx, instance, outcome) {
    const change = await changeOf(tx, instance);
    if (change.status !== 'PENDING') throw new AppError('conflict', `This change is already ${change.status}`);
    const approved = outcome.decision === 'approve';
    const decided = await tx.compensationChange.update({
      where: { id: change.id },
      data: { status: approved ? 'APPROVED' : 'REJECTED', decidedAt: outcome.at, decisionComment: outcome.comment },
    });
    const kind = approved ? 'compensation.change_approved' : 'compensation.change_rejected';
    await notifyCompensation(tx, [decided.createdByUserId], kind, decided, outcome.comment);
    await emitCompensationWebhookEvent(tx, approved ? 'compensation.change.approved' : 'compensation.change.rejected', {
      tenantId: decided.tenantId,
      employeeId: decided.employeeId,
      record: { changeId: decided.id, effectiveDate: fromDbDate(decided.effectiveDate), status: decided.status },
    });
  },
  async assigned(tx, instance, change) {
    await notifyCompensation(tx, change.userIds, assignedKinds[change.because], await changeOf(tx, instance));
  },
  async reminded(tx, instance, userIds) {
    await notifyCompensation(tx, userIds, 'compensation.reminder', await changeOf(tx, instance));
  },
};

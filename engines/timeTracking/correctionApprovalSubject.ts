import type { Prisma } from '../../db/models';
import { AppError } from '../appError';
import type { ApprovalSubject, AssignedChange } from '../approvalFlows/subject';
import { lockEmployee } from '../people/employeeLock';
import { emitTimeTrackingWebhookEvent } from '../webhooks/emitters';
import { applyCorrection } from './applyCorrection';
import { correctionText, correctionWebhookData } from './correctionViews';
import { notifyTimeTracking, type TimeTrackingNotificationKind } from './timeNotifications';

type Tx = Prisma.TransactionClient;

const assignedKinds: Record<AssignedChange['because'], TimeTrackingNotificationKind> = {
  opened: 'time_tracking.correction_submitted',
  step: 'time_tracking.correction_approval_needed',
  delegated: 'time_tracking.correction_approval_needed',
  escalated: 'time_tracking.correction_escalated',
};

async function subjectOf(tx: Tx, instance: { tenantId: string; subjectId: string }) {
  const correction = await tx.timeCorrection.findFirstOrThrow({
    where: { id: instance.subjectId, tenantId: instance.tenantId },
  });
  const notified = {
    employeeId: correction.employeeId,
    what: await correctionText(tx, correction),
    data: { timeCorrectionId: correction.id, entryId: correction.entryId },
  };
  return { correction, notified };
}

/** Time corrections as Approval Flows sees them: the last approval applies the correction to the entries. */
export const correctionApprovalSubject: ApprovalSubject = {
  requestType: 'time_correction',
  async lock(tx, instance) {
    await lockEmployee(tx, instance.tenantId, instance.subjectEmployeeId);
  },
  async commit(tx, instance, outcome) {
    const { correction, notified } = await subjectOf(tx, instance);
    if (correction.status !== 'PENDING')
      throw new AppError('conflict', `This correction is already ${correction.status}`);
    const approved = outcome.decision === 'approve';
    if (approved) await applyCorrection(tx, correction, outcome.at);
    const decided = await tx.timeCorrection.update({
      where: { id: correction.id },
      data: { status: approved ? 'APPROVED' : 'REJECTED', decidedAt: outcome.at, decisionComment: outcome.comment },
    });
    const employee = await tx.employee.findUnique({ where: { id: correction.employeeId }, select: { userId: true } });
    const kind = approved ? 'time_tracking.correction_approved' : 'time_tracking.correction_rejected';
    await notifyTimeTracking(tx, instance.tenantId, [employee?.userId], kind, notified, outcome.comment);
    await emitTimeTrackingWebhookEvent(
      tx,
      approved ? 'time_tracking.correction.approved' : 'time_tracking.correction.rejected',
      decided,
      await correctionWebhookData(tx, decided),
    );
  },
  async assigned(tx, instance, change) {
    const { notified } = await subjectOf(tx, instance);
    await notifyTimeTracking(tx, instance.tenantId, change.userIds, assignedKinds[change.because], notified);
  },
  async reminded(tx, instance, userIds) {
    const { notified } = await subjectOf(tx, instance);
    await notifyTimeTracking(tx, instance.tenantId, userIds, 'time_tracking.correction_reminder', notified);
  },
};

import type { Prisma } from '../../db/models';
import { AppError } from '../appError';
import type { ApprovalSubject, AssignedChange } from '../approvalFlows/subject';
import { lockEmployee } from '../people/employeeLock';
import { emitTimeTrackingWebhookEvent } from '../webhooks/emitters';
import { notifyTimeTracking, type TimeTrackingNotificationKind } from './timeNotifications';
import { timesheetText, timesheetWebhookData } from './timesheetViews';

type Tx = Prisma.TransactionClient;

const assignedKinds: Record<AssignedChange['because'], TimeTrackingNotificationKind> = {
  opened: 'time_tracking.timesheet_submitted',
  step: 'time_tracking.timesheet_approval_needed',
  delegated: 'time_tracking.timesheet_approval_needed',
  escalated: 'time_tracking.timesheet_escalated',
};

async function sheetOf(tx: Tx, instance: { tenantId: string; subjectId: string }) {
  return tx.timesheet.findFirstOrThrow({ where: { id: instance.subjectId, tenantId: instance.tenantId } });
}

const subjectOf = (sheet: { id: string; employeeId: string } & Parameters<typeof timesheetText>[0]) => ({
  employeeId: sheet.employeeId,
  what: timesheetText(sheet),
  data: { timesheetId: sheet.id },
});

/** Weekly timesheets as Approval Flows sees them (engines/approvalFlows/subject.ts). */
export const timesheetApprovalSubject: ApprovalSubject = {
  requestType: 'timesheet',
  async lock(tx, instance) {
    await lockEmployee(tx, instance.tenantId, instance.subjectEmployeeId);
  },
  async commit(tx, instance, outcome) {
    const sheet = await sheetOf(tx, instance);
    if (sheet.status !== 'SUBMITTED') throw new AppError('conflict', `This timesheet is already ${sheet.status}`);
    const approved = outcome.decision === 'approve';
    const decided = await tx.timesheet.update({
      where: { id: sheet.id },
      data: { status: approved ? 'APPROVED' : 'REJECTED', decidedAt: outcome.at, decisionComment: outcome.comment },
    });
    const employee = await tx.employee.findUnique({ where: { id: sheet.employeeId }, select: { userId: true } });
    const kind = approved ? 'time_tracking.timesheet_approved' : 'time_tracking.timesheet_rejected';
    await notifyTimeTracking(tx, instance.tenantId, [employee?.userId], kind, subjectOf(decided), outcome.comment);
    await emitTimeTrackingWebhookEvent(
      tx,
      approved ? 'time_tracking.timesheet.approved' : 'time_tracking.timesheet.rejected',
      decided,
      await timesheetWebhookData(tx, decided),
    );
  },
  async assigned(tx, instance, change) {
    const sheet = await sheetOf(tx, instance);
    await notifyTimeTracking(tx, instance.tenantId, change.userIds, assignedKinds[change.because], subjectOf(sheet));
  },
  async reminded(tx, instance, userIds) {
    const sheet = await sheetOf(tx, instance);
    await notifyTimeTracking(tx, instance.tenantId, userIds, 'time_tracking.timesheet_reminder', subjectOf(sheet));
  },
};

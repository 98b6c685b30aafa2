import type { Prisma } from '../../db/models';
import { writeNotifications } from '../notifications/writeNotifications';

/**
 * Notifications of Learning, written in the transaction of the change they tell about: a person enrolled or
 * taken off a course by someone else, a required training assigned, and an overdue training (to the person and
 * to their manager, once per enrolment).
 */
export const learningNotificationKinds = [
  'learning.enrolled',
  'learning.enrolment_cancelled',
  'learning.training_assigned',
  'learning.training_overdue',
  'learning.report_training_overdue',
] as const;
export type LearningNotificationKind = (typeof learningNotificationKinds)[number];

export interface LearningNotice {
  tenantId: string;
  userId: string;
  kind: LearningNotificationKind;
  enrolmentId: string;
  employeeId: string;
  employeeName: string;
  courseTitle: string;
  dueDate: string | null;
}

function texts(n: LearningNotice): { title: string; body: string } {
  const due = n.dueDate ? ` It is due on ${n.dueDate}.` : '';
  switch (n.kind) {
    case 'learning.enrolled':
      return { title: `Enrolled: ${n.courseTitle}`, body: `You were enrolled in "${n.courseTitle}".${due}` };
    case 'learning.enrolment_cancelled':
      return {
        title: `Enrolment cancelled: ${n.courseTitle}`,
        body: `Your enrolment in "${n.courseTitle}" was cancelled.`,
      };
    case 'learning.training_assigned':
      return { title: `Required training: ${n.courseTitle}`, body: `Please complete "${n.courseTitle}".${due}` };
    case 'learning.training_overdue':
      return {
        title: `Training overdue: ${n.courseTitle}`,
        body: `"${n.courseTitle}" was due on ${n.dueDate} and is not completed yet.`,
      };
    case 'learning.report_training_overdue':
      return {
        title: `${n.employeeName}'s training is overdue`,
        body: `${n.employeeName} has not completed "${n.courseTitle}", due on ${n.dueDate}.`,
      };
  }
}

/** Writes the notices (set-based: one notice or ten thousand cost the same few statements). */
export async function notifyLearning(
  tx: Prisma.TransactionClient,
  notices: readonly LearningNotice[],
): Promise<number> {
  return writeNotifications(
    tx,
    notices.map((n) => ({
      tenantId: n.tenantId,
      userId: n.userId,
      kind: n.kind,
      ...texts(n),
      data: { enrolmentId: n.enrolmentId, employeeId: n.employeeId },
    })),
  );
}

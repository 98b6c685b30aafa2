import type { Prisma } from '../../db/models';
import { writeNotifications } from '../notifications/writeNotifications';
import { fromDbDate } from '../leave/dates';

/** Notifications of Work From Anywhere requests, written in the transaction of the change they tell about. */
export const wfaNotificationKinds = [
  'work_from_anywhere.submitted',
  'work_from_anywhere.approval_needed',
  'work_from_anywhere.reminder',
  'work_from_anywhere.escalated',
  'work_from_anywhere.approved',
  'work_from_anywhere.rejected',
  'work_from_anywhere.cancelled',
] as const;
export type WfaNotificationKind = (typeof wfaNotificationKinds)[number];

interface NotifiedWfa {
  id: string;
  employeeName: string;
  country: string;
  city: string;
  startDate: Date;
  endDate: Date;
  days: number;
  breaches: string[];
}

function texts(kind: WfaNotificationKind, r: NotifiedWfa, comment?: string | null) {
  const where = `${r.city}, ${r.country}, ${fromDbDate(r.startDate)} to ${fromDbDate(r.endDate)} (${r.days} days)`;
  const breach = r.breaches.length > 0 ? ` It breaks the policy (${r.breaches.join(', ')}).` : '';
  const said = comment ? ` Comment: ${comment}` : '';
  switch (kind) {
    case 'work_from_anywhere.submitted':
      return {
        title: `Work from anywhere: ${r.employeeName}`,
        body: `${r.employeeName} asks to work from ${where}.${breach}`,
      };
    case 'work_from_anywhere.approval_needed':
      return {
        title: `Work from anywhere: ${r.employeeName} needs your approval`,
        body: `${where}; it now waits for your decision.${breach}`,
      };
    case 'work_from_anywhere.reminder':
      return {
        title: `Reminder: work from anywhere of ${r.employeeName}`,
        body: `${r.employeeName} still waits for a decision on ${where}.`,
      };
    case 'work_from_anywhere.escalated':
      return {
        title: `Work from anywhere of ${r.employeeName} escalated to HR`,
        body: `No decision came in time on ${where}; please decide.`,
      };
    case 'work_from_anywhere.approved':
      return { title: 'Work from anywhere approved', body: `Your request to work from ${where} was approved.${said}` };
    case 'work_from_anywhere.rejected':
      return { title: 'Work from anywhere rejected', body: `Your request to work from ${where} was rejected.${said}` };
    case 'work_from_anywhere.cancelled':
      return {
        title: `Work from anywhere cancelled: ${r.employeeName}`,
        body: `${r.employeeName} no longer works from ${where}.`,
      };
  }
}

export async function notifyWfa(
  tx: Prisma.TransactionClient,
  tenantId: string,
  userIds: readonly string[],
  kind: WfaNotificationKind,
  request: {
    id: string;
    employeeId: string;
    country: string;
    city: string;
    startDate: Date;
    endDate: Date;
    days: number;
    breaches: string[];
  },
  comment?: string | null,
): Promise<void> {
  const recipients = [...new Set(userIds)];
  if (recipients.length === 0) return;
  const employee = await tx.employee.findUniqueOrThrow({ where: { id: request.employeeId }, select: { name: true } });
  const { title, body } = texts(kind, { ...request, employeeName: employee.name }, comment);
  await writeNotifications(
    tx,
    recipients.map((userId) => ({
      tenantId,
      userId,
      kind,
      title,
      body,
      data: { workFromAnywhereRequestId: request.id },
    })),
  );
}

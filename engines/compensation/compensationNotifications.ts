import type { Prisma } from '../../db/models';
import { fromDbDate } from '../leave/dates';
import { writeNotifications } from '../notifications/writeNotifications';

/**
 * Notifications of compensation change proposals, written in the transaction of the change they tell about. Their
 * texts carry no amounts: an approver named by a tenant's flow may not be one who reads pay, and reads it, if
 * allowed, through GET /api/compensation/changes/{id}.
 */
export const compensationNotificationKinds = [
  'compensation.change_proposed',
  'compensation.approval_needed',
  'compensation.reminder',
  'compensation.escalated',
  'compensation.change_approved',
  'compensation.change_rejected',
  'compensation.change_cancelled',
  'compensation.change_applied',
] as const;
export type CompensationNotificationKind = (typeof compensationNotificationKinds)[number];

function texts(kind: CompensationNotificationKind, name: string, from: string, comment?: string | null) {
  const what = `the compensation change for ${name} from ${from}`;
  const said = comment ? ` Comment: ${comment}` : '';
  switch (kind) {
    case 'compensation.change_proposed':
      return { title: `Compensation change: ${name}`, body: `Please decide ${what}.` };
    case 'compensation.approval_needed':
      return { title: `Compensation change for ${name} needs your approval`, body: `It now waits for you: ${what}.` };
    case 'compensation.reminder':
      return { title: `Reminder: compensation change for ${name}`, body: `Still waiting for a decision on ${what}.` };
    case 'compensation.escalated':
      return { title: `Compensation change for ${name} escalated to HR`, body: `No decision came in time on ${what}.` };
    case 'compensation.change_approved':
      return {
        title: 'Compensation change approved',
        body: `${cap(what)} was approved; it applies on ${from}.${said}`,
      };
    case 'compensation.change_rejected':
      return { title: 'Compensation change rejected', body: `${cap(what)} was rejected.${said}` };
    case 'compensation.change_cancelled':
      return { title: `Compensation change withdrawn: ${name}`, body: `${cap(what)} no longer needs a decision.` };
    case 'compensation.change_applied':
      return { title: 'Compensation change applied', body: `${cap(what)} is now in effect.` };
  }
}

const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export async function notifyCompensation(
  tx: Prisma.TransactionClient,
  userIds: readonly (string | null)[],
  kind: CompensationNotificationKind,
  change: { id: string; tenantId: string; employeeId: string; effectiveDate: Date },
  comment?: string | null,
): Promise<void> {
  const recipients = [...new Set(userIds.filter((id): id is string => id !== null))];
  if (recipients.length === 0) return;
  const employee = await tx.employee.findUniqueOrThrow({ where: { id: change.employeeId }, select: { name: true } });
  const { title, body } = texts(kind, employee.name, fromDbDate(change.effectiveDate), comment);
  await writeNotifications(
    tx,
    recipients.map((userId) => ({
      tenantId: change.tenantId,
      userId,
      kind,
      title,
      body,
      data: { compensationChangeId: change.id, employeeId: change.employeeId },
    })),
  );
}

import type { Prisma } from '../../db/models';
import { writeNotifications } from '../notifications/writeNotifications';

type Tx = Prisma.TransactionClient;

/**
 * Notifications of recruiting, written in the transaction of the change they tell about. They name the candidate
 * and the opening, never an offer's salary: an approver named by a tenant's flow reads the offer through
 * GET /api/ats/offers/{id}, where the recruiting rules apply.
 */
export const atsNotificationKinds = [
  'ats.application_received',
  'ats.interview_scheduled',
  'ats.interview_cancelled',
  'ats.offer_approval_needed',
  'ats.offer_reminder',
  'ats.offer_escalated',
  'ats.offer_approved',
  'ats.offer_rejected',
  'ats.offer_withdrawn',
  'ats.offer_accepted',
  'ats.opening_filled',
] as const;
export type AtsNotificationKind = (typeof atsNotificationKinds)[number];

/** What a notification is about: the candidate, the opening, and the record to open. */
export interface AtsNotice {
  tenantId: string;
  candidateName: string;
  openingTitle: string;
  data: Record<string, string>;
  /** An interview's time, an approver's comment. */
  detail?: string | null;
}

function texts(kind: AtsNotificationKind, n: AtsNotice): { title: string; body: string } {
  const who = `${n.candidateName} (${n.openingTitle})`;
  const said = n.detail ? ` ${n.detail}` : '';
  switch (kind) {
    case 'ats.application_received':
      return { title: `New candidate: ${n.candidateName}`, body: `${n.candidateName} applied to ${n.openingTitle}.` };
    case 'ats.interview_scheduled':
      return { title: `Interview with ${n.candidateName}`, body: `You interview ${who}.${said}` };
    case 'ats.interview_cancelled':
      return { title: `Interview cancelled: ${n.candidateName}`, body: `The interview with ${who} is cancelled.` };
    case 'ats.offer_approval_needed':
      return { title: `Offer for ${n.candidateName} needs your approval`, body: `Please decide the offer to ${who}.` };
    case 'ats.offer_reminder':
      return { title: `Reminder: offer for ${n.candidateName}`, body: `The offer to ${who} still waits for you.` };
    case 'ats.offer_escalated':
      return { title: `Offer for ${n.candidateName} escalated to HR`, body: `No decision came in time on ${who}.` };
    case 'ats.offer_approved':
      return { title: `Offer approved: ${n.candidateName}`, body: `The offer to ${who} was approved.${said}` };
    case 'ats.offer_rejected':
      return { title: `Offer rejected: ${n.candidateName}`, body: `The offer to ${who} was rejected.${said}` };
    case 'ats.offer_withdrawn':
      return { title: `Offer withdrawn: ${n.candidateName}`, body: `The offer to ${who} no longer needs a decision.` };
    case 'ats.offer_accepted':
      return { title: `${n.candidateName} accepted the offer`, body: `${who} is hired.${said}` };
    case 'ats.opening_filled':
      return { title: `Opening filled: ${n.openingTitle}`, body: `Every position of ${n.openingTitle} is filled.` };
  }
}

/** The users of these employees who can sign in (an employee without an account is not told). */
export async function usersOfEmployees(tx: Tx, employeeIds: readonly string[]): Promise<string[]> {
  if (employeeIds.length === 0) return [];
  const rows = await tx.employee.findMany({
    where: { id: { in: [...new Set(employeeIds)] }, userId: { not: null } },
    select: { userId: true },
  });
  return rows.map((r) => r.userId!);
}

export async function notifyAts(
  tx: Tx,
  userIds: readonly (string | null)[],
  kind: AtsNotificationKind,
  notice: AtsNotice,
): Promise<void> {
  const recipients = [...new Set(userIds.filter((id): id is string => id !== null))];
  if (recipients.length === 0) return;
  const { title, body } = texts(kind, notice);
  await writeNotifications(
    tx,
    recipients.map((userId) => ({ tenantId: notice.tenantId, userId, kind, title, body, data: notice.data })),
  );
}

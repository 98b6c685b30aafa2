import type { Notification, Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { fromDbDate, type IsoDate } from './dates';
import type { Db } from '../../db/handle';
import { writeNotifications } from '../notifications/writeNotifications';

/**
 * Notifications of the leave process: one Notification row per recipient, written in the same transaction as
 * the state change it tells about, so a notification never announces a change that was rolled back.
 */

export const leaveNotificationKinds = [
  'leave.submitted',
  'leave.recorded',
  'leave.approved',
  'leave.rejected',
  'leave.cancelled',
  'leave.reminder',
  'leave.escalated',
  'leave.requested_for_you',
  'leave.approval_needed',
  'leave.cancelled_for_you',
] as const;

export type LeaveNotificationKind = (typeof leaveNotificationKinds)[number];

/** The request a notification is about, as its text needs it. */
export interface NotifiedRequest {
  requestId: string;
  employeeName: string;
  policyName: string;
  startDate: IsoDate;
  endDate: IsoDate;
  totalDays: number;
}

const span = (r: NotifiedRequest) =>
  `${r.policyName}, ${r.startDate === r.endDate ? r.startDate : `${r.startDate} to ${r.endDate}`} (${r.totalDays} day${r.totalDays === 1 ? '' : 's'})`;

const texts: Record<LeaveNotificationKind, (r: NotifiedRequest, comment?: string) => { title: string; body: string }> =
  {
    // employeeName is the person who asked on the employee's behalf.
    'leave.requested_for_you': (r) => ({
      title: `${r.employeeName} requested leave for you`,
      body: `${r.employeeName} requested ${span(r)} on your behalf.`,
    }),
    'leave.submitted': (r) => ({
      title: `Leave request from ${r.employeeName}`,
      body: `${r.employeeName} asks for ${span(r)}.`,
    }),
    'leave.recorded': (r) => ({
      title: `${r.employeeName} is away`,
      body: `${r.employeeName} recorded ${span(r)}; no approval needed.`,
    }),
    'leave.approved': (r, c) => ({
      title: 'Leave approved',
      body: `Your ${span(r)} was approved.${c ? ` Comment: ${c}` : ''}`,
    }),
    'leave.rejected': (r, c) => ({
      title: 'Leave rejected',
      body: `Your ${span(r)} was rejected.${c ? ` Comment: ${c}` : ''}`,
    }),
    'leave.cancelled': (r) => ({
      title: `Leave cancelled by ${r.employeeName}`,
      body: `${r.employeeName} cancelled ${span(r)}.`,
    }),
    'leave.reminder': (r) => ({
      title: `Reminder: leave request from ${r.employeeName}`,
      body: `${r.employeeName} still waits for a decision on ${span(r)}.`,
    }),
    // employeeName is the person (HR) who cancelled the employee's request.
    'leave.cancelled_for_you': (r) => ({
      title: `${r.employeeName} cancelled your leave`,
      body: `${r.employeeName} cancelled your ${span(r)}; its days are back in your balance.`,
    }),
    // A later step of the approval flow, or a delegation, asks this person.
    'leave.approval_needed': (r) => ({
      title: `Leave request from ${r.employeeName} needs your approval`,
      body: `${r.employeeName} asks for ${span(r)}; it now waits for your decision.`,
    }),
    'leave.escalated': (r) => ({
      title: `Leave request from ${r.employeeName} escalated to HR`,
      body: `No decision came from the manager on ${span(r)}; please decide.`,
    }),
  };

/** The title and body of a notification of `kind` about `request`. */
export function leaveNotificationText(
  kind: LeaveNotificationKind,
  request: NotifiedRequest,
  comment?: string | null,
): { title: string; body: string } {
  return texts[kind](request, comment ?? undefined);
}

/** Writes one notification of `kind` about `request` to each of `userIds`, inside the caller's transaction. */
export async function notifyUsers(
  tx: Prisma.TransactionClient,
  tenantId: string,
  userIds: readonly string[],
  kind: LeaveNotificationKind,
  request: NotifiedRequest,
  comment?: string | null,
): Promise<void> {
  const recipients = [...new Set(userIds)];
  if (recipients.length === 0) return;
  const { title, body } = leaveNotificationText(kind, request, comment);
  await writeNotifications(
    tx,
    recipients.map((userId) => ({
      tenantId,
      userId,
      kind,
      title,
      body,
      data: { requestId: request.requestId, startDate: request.startDate, endDate: request.endDate },
    })),
  );
}

/** The notification facts of request `requestId`: its employee's and policy's names. */
export async function notifiedRequest(
  db: Db,
  request: { id: string; employeeId: string; policyId: string; startDate: Date; endDate: Date; totalDays: number },
): Promise<NotifiedRequest> {
  // Both names in one statement: a round trip fewer in every transaction that tells someone of a request.
  const [names] = await db.$queryRaw<Array<{ employee: string | null; policy: string | null }>>`
    SELECT (SELECT name FROM employees WHERE id = ${request.employeeId}::uuid) AS employee,
           (SELECT name FROM leave_policies WHERE id = ${request.policyId}::uuid) AS policy`;
  if (names?.employee == null || names.policy == null) {
    throw new Error(`leave request ${request.id}: its employee or policy is gone`);
  }
  return {
    requestId: request.id,
    employeeName: names.employee,
    policyName: names.policy,
    startDate: fromDbDate(request.startDate),
    endDate: fromDbDate(request.endDate),
    totalDays: request.totalDays,
  };
}

/** The caller's own notifications, newest first; `unreadOnly` keeps those not read yet. */
export async function listNotifications(
  prisma: PrismaClient,
  actor: Actor,
  opts: { limit: number; unreadOnly: boolean },
): Promise<Notification[]> {
  return prisma.notification.findMany({
    where: { tenantId: actor.tenant.id, userId: actor.user.id, ...(opts.unreadOnly ? { readAt: null } : {}) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: opts.limit,
  });
}

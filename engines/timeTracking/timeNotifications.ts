import type { Prisma } from '../../db/models';
import { writeNotifications } from '../notifications/writeNotifications';

/** Notifications of Time Tracking, written in the transaction of the change they tell about. */
export const timeTrackingNotificationKinds = [
  'time_tracking.timesheet_submitted',
  'time_tracking.timesheet_approval_needed',
  'time_tracking.timesheet_reminder',
  'time_tracking.timesheet_escalated',
  'time_tracking.timesheet_approved',
  'time_tracking.timesheet_rejected',
  'time_tracking.timesheet_cancelled',
  'time_tracking.correction_submitted',
  'time_tracking.correction_approval_needed',
  'time_tracking.correction_reminder',
  'time_tracking.correction_escalated',
  'time_tracking.correction_approved',
  'time_tracking.correction_rejected',
  'time_tracking.correction_cancelled',
  'time_tracking.clock_out_forgotten',
] as const;
export type TimeTrackingNotificationKind = (typeof timeTrackingNotificationKinds)[number];

/** What a notification is about: `what` finishes "... of Alice" ("Timesheet 2026-11-16 to 2026-11-22 (41h 30m)"). */
export interface NotifiedTimeSubject {
  employeeId: string;
  what: string;
  data: Record<string, unknown>;
}

/** `2h 05m`: minutes as people read them. */
export function hoursText(minutes: number): string {
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/** `2026-11-18 09:00` in the tenant's time zone. */
export function localTimeText(timeZone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

function texts(kind: TimeTrackingNotificationKind, name: string, what: string, comment?: string | null) {
  const said = comment ? ` Comment: ${comment}` : '';
  const area = kind.replace('time_tracking.', '').split('_')[0];
  const label = area === 'timesheet' ? 'Timesheet' : area === 'correction' ? 'Time correction' : 'Clock';
  switch (kind) {
    case 'time_tracking.clock_out_forgotten':
      return {
        title: `Forgotten clock-out: ${name}`,
        body: `${what} is still open. Clock out, or ask for a time correction; nothing was closed for ${name}.`,
      };
    case 'time_tracking.timesheet_submitted':
    case 'time_tracking.correction_submitted':
      return { title: `${label}: ${name}`, body: `${name} asks for approval: ${what}.` };
    case 'time_tracking.timesheet_approval_needed':
    case 'time_tracking.correction_approval_needed':
      return { title: `${label} of ${name} needs your approval`, body: `${what}; it now waits for your decision.` };
    case 'time_tracking.timesheet_reminder':
    case 'time_tracking.correction_reminder':
      return {
        title: `Reminder: ${label.toLowerCase()} of ${name}`,
        body: `${name} still waits for a decision: ${what}.`,
      };
    case 'time_tracking.timesheet_escalated':
    case 'time_tracking.correction_escalated':
      return {
        title: `${label} of ${name} escalated to HR`,
        body: `No decision came in time: ${what}; please decide.`,
      };
    case 'time_tracking.timesheet_approved':
    case 'time_tracking.correction_approved':
      return { title: `${label} approved`, body: `${what} was approved.${said}` };
    case 'time_tracking.timesheet_rejected':
    case 'time_tracking.correction_rejected':
      return { title: `${label} rejected`, body: `${what} was rejected.${said}` };
    case 'time_tracking.timesheet_cancelled':
    case 'time_tracking.correction_cancelled':
      return { title: `${label} withdrawn: ${name}`, body: `${name} withdrew it: ${what}.` };
  }
}

/** Tells `userIds` (each once) about a timesheet, a correction or an entry of `subject.employeeId`. */
export async function notifyTimeTracking(
  tx: Prisma.TransactionClient,
  tenantId: string,
  userIds: ReadonlyArray<string | null | undefined>,
  kind: TimeTrackingNotificationKind,
  subject: NotifiedTimeSubject,
  comment?: string | null,
): Promise<void> {
  const recipients = [...new Set(userIds.filter((u): u is string => !!u))];
  if (recipients.length === 0) return;
  const employee = await tx.employee.findUniqueOrThrow({ where: { id: subject.employeeId }, select: { name: true } });
  const { title, body } = texts(kind, employee.name, subject.what, comment);
  await writeNotifications(
    tx,
    recipients.map((userId) => ({ tenantId, userId, kind, title, body, data: subject.data })),
  );
}

import type { Notification } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { AppError } from '../appError';
import { leaveNotificationKinds } from '../leave/notifications';
import { peopleNotificationKinds } from '../people/peopleNotifications';
import { userNotificationKinds } from '../users/users';
import { wfaNotificationKinds } from '../workFromAnywhere/wfaNotifications';
import { compensationNotificationKinds } from '../compensation/compensationNotifications';
import { lifecycleNotificationKinds } from '../lifecycle/lifecycleNotifications';
import { certificationNotificationKinds } from '../certificates/certificationNotifications';
import { learningNotificationKinds } from '../learning/learningNotifications';
import { payrollNotificationKinds } from '../payroll/payrollNotifications';
import { expenseNotificationKinds } from '../expenses/expenseNotifications';
import { timeTrackingNotificationKinds } from '../timeTracking/timeNotifications';
import { atsNotificationKinds } from '../ats/atsNotifications';
import { performanceNotificationKinds } from '../performance/performanceNotifications';
import { inventoryNotificationKinds } from '../inventory/inventoryNotifications';
import { messageNotificationKinds } from '../messages/messageNotifications';
import { playbookNotificationKinds } from '../playbook/playbookNotifications';
import { eSignatureNotificationKinds } from '../eSignatures/eSignatureNotifications';
import { socialNotificationKinds } from '../social/socialNotifications';

/**
 * The caller's notifications from every area (company API, Notifications): always one's own, whatever the role.
 * Each carries the user's sequence number (`seq`, engines/notifications/writeNotifications.ts), the cursor of the
 * list and the id of the stream's events.
 */

/** Every kind a notification can have, for the preferences. A new area adds its kinds here. */
export const notificationKinds: readonly string[] = [
  ...leaveNotificationKinds,
  ...peopleNotificationKinds,
  ...userNotificationKinds,
  ...wfaNotificationKinds,
  ...compensationNotificationKinds,
  ...lifecycleNotificationKinds,
  ...certificationNotificationKinds,
  ...learningNotificationKinds,
  ...payrollNotificationKinds,
  ...expenseNotificationKinds,
  ...timeTrackingNotificationKinds,
  ...atsNotificationKinds,
  ...performanceNotificationKinds,
  ...inventoryNotificationKinds,
  ...messageNotificationKinds,
  ...playbookNotificationKinds,
  ...eSignatureNotificationKinds,
  ...socialNotificationKinds,
];

export interface NotificationView {
  id: string;
  seq: number;
  kind: string;
  title: string;
  body: string;
  data: Record<string, unknown>;
  readAt: string | null;
  createdAt: string;
}

export function notificationViewOf(n: Notification): NotificationView {
  return {
    id: n.id,
    seq: n.seq,
    kind: n.kind,
    title: n.title,
    body: n.body,
    data: (n.data ?? {}) as Record<string, unknown>,
    readAt: n.readAt?.toISOString() ?? null,
    createdAt: n.createdAt.toISOString(),
  };
}

const own = (actor: Actor) => ({ tenantId: actor.tenant.id, userId: actor.user.id });

/** Newest first, a page at a time: `before` is the last seq of the previous page. */
export async function listOwnNotifications(
  prisma: PrismaClient,
  actor: Actor,
  page: { limit: number; before?: number | undefined; unreadOnly: boolean },
): Promise<{ notifications: NotificationView[]; unreadCount: number; nextCursor: string | null }> {
  const [rows, unreadCount] = await Promise.all([
    prisma.notification.findMany({
      where: {
        ...own(actor),
        ...(page.unreadOnly ? { readAt: null } : {}),
        ...(page.before === undefined ? {} : { seq: { lt: page.before } }),
      },
      orderBy: { seq: 'desc' },
      take: page.limit + 1,
    }),
    prisma.notification.count({ where: { ...own(actor), readAt: null } }),
  ]);
  const notifications = rows.slice(0, page.limit).map(notificationViewOf);
  const last = notifications[notifications.length - 1];
  return { notifications, unreadCount, nextCursor: rows.length > page.limit && last ? String(last.seq) : null };
}

/** The user's notifications after `afterSeq`, oldest first, at most `limit`: what a stream sends next. */
export async function notificationsAfter(
  prisma: PrismaClient,
  userId: string,
  afterSeq: number,
  limit = 100,
): Promise<NotificationView[]> {
  const rows = await prisma.notification.findMany({
    where: { userId, seq: { gt: afterSeq } },
    orderBy: { seq: 'asc' },
    take: limit,
  });
  return rows.map(notificationViewOf);
}

/** Marks one of the caller's notifications read (once: a second call keeps the first time); 404 for anyone else's. */
export async function markNotificationRead(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  now = new Date(),
): Promise<NotificationView> {
  const found = await prisma.notification.findFirst({ where: { id, ...own(actor) } });
  if (!found) throw new AppError('not_found', `No notification ${id}`);
  if (found.readAt) return notificationViewOf(found);
  return notificationViewOf(await prisma.notification.update({ where: { id }, data: { readAt: now } }));
}

export async function markAllNotificationsRead(
  prisma: PrismaClient,
  actor: Actor,
  now = new Date(),
): Promise<{ marked: number }> {
  const { count } = await prisma.notification.updateMany({
    where: { ...own(actor), readAt: null },
    data: { readAt: now },
  });
  return { marked: count };
}

export async function notificationPreferences(
  prisma: PrismaClient,
  actor: Actor,
): Promise<Array<{ kind: string; enabled: boolean }>> {
  const rows = await prisma.notificationPreference.findMany({ where: { userId: actor.user.id } });
  const set = new Map(rows.map((r) => [r.kind, r.enabled]));
  return notificationKinds.map((kind) => ({ kind, enabled: set.get(kind) ?? true }));
}

/** Turns a kind on or off for the caller; an unknown kind is 400 naming it. */
export async function setNotificationPreference(
  prisma: PrismaClient,
  actor: Actor,
  kind: string,
  enabled: boolean,
): Promise<Array<{ kind: string; enabled: boolean }>> {
  if (!notificationKinds.includes(kind)) {
    throw new AppError('validation_error', `kind: "${kind}" is not a notification kind; see the preferences list`);
  }
  await prisma.notificationPreference.upsert({
    where: { userId_kind: { userId: actor.user.id, kind } },
    create: { userId: actor.user.id, tenantId: actor.tenant.id, kind, enabled },
    update: { enabled },
  });
  return notificationPreferences(prisma, actor);
}

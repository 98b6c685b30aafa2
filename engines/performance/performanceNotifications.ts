import type { Prisma } from '../../db/models';
import { writeNotifications } from '../notifications/writeNotifications';

/**
 * Notifications of review cycles, written in the transaction of the step they tell about. None carries a rating:
 * a person reads their results through GET /api/performance/reviews once the cycle is released.
 */
export const performanceNotificationKinds = [
  'performance.reviews_to_write',
  'performance.peer_review_requested',
  'performance.review_reminder',
  'performance.cycle_closed',
  'performance.results_released',
] as const;
export type PerformanceNotificationKind = (typeof performanceNotificationKinds)[number];

function texts(kind: PerformanceNotificationKind, cycle: string, about: string | undefined, closesOn: string) {
  switch (kind) {
    case 'performance.reviews_to_write':
      return { title: `Reviews to write: ${cycle}`, body: `Your reviews of ${cycle} are open until ${closesOn}.` };
    case 'performance.peer_review_requested':
      return {
        title: `Peer review of ${about ?? 'a colleague'}`,
        body: `You were asked to review ${about ?? 'a colleague'} in ${cycle}, until ${closesOn}.`,
      };
    case 'performance.review_reminder':
      return { title: `Reminder: ${cycle}`, body: `Your reviews of ${cycle} close after ${closesOn}.` };
    case 'performance.cycle_closed':
      return {
        title: `${cycle} closed`,
        body: `The reviews of ${cycle} are closed; release them to share the results.`,
      };
    case 'performance.results_released':
      return { title: `Your review results: ${cycle}`, body: `The results of ${cycle} are available to you.` };
  }
}

/** Tells `userIds` (each once; null ids skipped) about a step of `cycle`. */
export async function notifyPerformance(
  tx: Prisma.TransactionClient,
  userIds: readonly (string | null)[],
  kind: PerformanceNotificationKind,
  cycle: { id: string; tenantId: string; name: string; closesOn: string },
  extra: { reviewId?: string; about?: string } = {},
): Promise<void> {
  const recipients = [...new Set(userIds.filter((id): id is string => id !== null))];
  if (recipients.length === 0) return;
  const { title, body } = texts(kind, cycle.name, extra.about, cycle.closesOn);
  await writeNotifications(
    tx,
    recipients.map((userId) => ({
      tenantId: cycle.tenantId,
      userId,
      kind,
      title,
      body,
      data: { reviewCycleId: cycle.id, ...(extra.reviewId ? { reviewId: extra.reviewId } : {}) },
    })),
  );
}

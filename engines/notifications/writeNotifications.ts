import type { Prisma } from '../../db/models';

type Tx = Prisma.TransactionClient;

/** The PostgreSQL channel that wakes the notification streams of every API process (payload: the user id). */
export const notificationChannel = 'svc_hr_notifications';

export interface NewNotification {
  tenantId: string;
  userId: string;
  /** `<area>.<what>`: leave.approved, people.new_report... */
  kind: string;
  title: string;
  body: string;
  data: Record<string, unknown>;
}

/**
 * The one writer of notifications, inside the transaction of the change they tell about (so none announces a change
 * that was rolled back). For each recipient: a kind they turned off is not written; the others take the user's
 * next sequence numbers under the user's lock, which is held to commit, so sequence order is commit order and a
 * stream resuming after N never misses one committed later with a smaller number; and the user's streams in every
 * API process are woken at commit (NOTIFY). Recipients are locked in id order, so two writers never deadlock.
 * Set-based: the same handful of statements for one recipient or ten thousand (a payroll run tells everyone).
 * Answers how many were written.
 */
export async function writeNotifications(tx: Tx, notifications: readonly NewNotification[]): Promise<number> {
  if (notifications.length === 0) return 0;
  const users = [...new Set(notifications.map((n) => n.userId))].sort();
  const muted = await tx.notificationPreference.findMany({
    where: { userId: { in: users }, enabled: false },
    select: { userId: true, kind: true },
  });
  const off = new Set(muted.map((p) => `${p.userId} ${p.kind}`));
  const rows = notifications.filter((n) => !off.has(`${n.userId} ${n.kind}`));
  if (rows.length === 0) return 0;
  const recipients = [...new Set(rows.map((n) => n.userId))].sort();
  // The subquery hands the ids over in order: the locks are taken one after another in that order.
  await tx.$executeRaw`
    SELECT pg_advisory_xact_lock(hashtextextended('notifications:' || u, 0))
    FROM (SELECT u FROM unnest(${recipients}::text[]) AS u ORDER BY u) AS ordered`;
  const last = await tx.notification.groupBy({
    by: ['userId'],
    where: { userId: { in: recipients } },
    _max: { seq: true },
  });
  const next = new Map(last.map((l) => [l.userId, (l._max.seq ?? 0) + 1]));
  await tx.notification.createMany({
    data: rows.map((n) => {
      const seq = next.get(n.userId) ?? 1;
      next.set(n.userId, seq + 1);
      return { ...n, data: n.data as Prisma.InputJsonValue, seq };
    }),
  });
  await tx.$executeRaw`SELECT pg_notify(${notificationChannel}, u) FROM unnest(${recipients}::text[]) AS u`;
  return rows.length;
}

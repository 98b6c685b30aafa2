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
 * API process are woken at commit (NOTIFY). Recipients are taken in id order, so two writers never deadlock.
 * Answers how many were written.
 */
export async function writeNotifications(tx: Tx, notifications: readonly NewNotification[]): Promise<number> {
  const byUser = new Map<string, NewNotification[]>();
  for (const n of notifications) byUser.set(n.userId, [...(byUser.get(n.userId) ?? []), n]);
  let written = 0;
  for (const userId of [...byUser.keys()].sort()) {
    const muted = new Set(
      (await tx.notificationPreference.findMany({ where: { userId, enabled: false }, select: { kind: true } })).map(
        (p) => p.kind,
      ),
    );
    const rows = byUser.get(userId)!.filter((n) => !muted.has(n.kind));
    if (rows.length === 0) continue;
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`notifications:${userId}`}, 0))`;
    const { _max } = await tx.notification.aggregate({ where: { userId }, _max: { seq: true } });
    const first = (_max.seq ?? 0) + 1;
    await tx.notification.createMany({
      data: rows.map((n, i) => ({ ...n, data: n.data as Prisma.InputJsonValue, seq: first + i })),
    });
    await tx.$executeRaw`SELECT pg_notify(${notificationChannel}, ${userId})`;
    written += rows.length;
  }
  return written;
}

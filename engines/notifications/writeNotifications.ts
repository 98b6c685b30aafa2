import type { Prisma } from '../../db/models';
import { uuidv7 } from '../../db/uuidv7';

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
 * Set-based, and two statements for one recipient or ten thousand (a payroll run tells everyone): the locks, then
 * the rest in one statement, which must come after them: under READ COMMITTED a statement reads the rows committed
 * when it starts, and only one that starts after the locks sees every notification written before them.
 * Answers how many were written.
 */
export async function writeNotifications(tx: Tx, notifications: readonly NewNotification[]): Promise<number> {
  if (notifications.length === 0) return 0;
  const users = [...new Set(notifications.map((n) => n.userId))];
  // The subquery hands the ids over in order: the locks are taken one after another in that order. A recipient who
  // turned the kind off is locked too (the preferences are read in the next statement): a lock too many, never one
  // too few.
  await tx.$executeRaw`
    SELECT pg_advisory_xact_lock(hashtextextended('notifications:' || u, 0))
    FROM (SELECT u FROM unnest(${users}::text[]) AS u ORDER BY u) AS ordered`;
  const rows = JSON.stringify(
    notifications.map((n, i) => ({
      i,
      id: uuidv7(),
      tenant_id: n.tenantId,
      user_id: n.userId,
      kind: n.kind,
      title: n.title,
      body: n.body,
      data: n.data,
    })),
  );
  // Each user's rows take that user's next numbers in the order given; the notices go out at commit.
  const [written] = await tx.$queryRaw<Array<{ count: number }>>`
    WITH given AS (
      SELECT * FROM jsonb_to_recordset(${rows}::jsonb)
        AS r(i int, id uuid, tenant_id uuid, user_id uuid, kind text, title text, body text, data jsonb)
    ),
    kept AS (
      SELECT given.*, row_number() OVER (PARTITION BY given.user_id ORDER BY given.i) AS n FROM given
       WHERE NOT EXISTS (SELECT 1 FROM notification_preferences p
                          WHERE p.user_id = given.user_id AND p.kind = given.kind AND NOT p.enabled)
    ),
    last AS (
      SELECT user_id, MAX(seq) AS seq FROM notifications
       WHERE user_id IN (SELECT user_id FROM kept) GROUP BY user_id
    ),
    added AS (
      INSERT INTO notifications (id, tenant_id, user_id, kind, title, body, data, seq)
      SELECT kept.id, kept.tenant_id, kept.user_id, kept.kind, kept.title, kept.body, kept.data,
             COALESCE(last.seq, 0) + kept.n
        FROM kept LEFT JOIN last ON last.user_id = kept.user_id
       ORDER BY kept.i
      RETURNING user_id
    ),
    notified AS (
      SELECT pg_notify(${notificationChannel}, u::text) FROM (SELECT DISTINCT user_id AS u FROM added) AS recipients
    )
    SELECT (SELECT COUNT(*) FROM added)::int AS count, (SELECT COUNT(*) FROM notified)::int AS notices`;
  return written!.count;
}

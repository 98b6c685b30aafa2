import { sqlPool, type PrismaClient } from '../../db/prismaClient';
import type { NotificationView } from './notifications';

/**
 * The reads of a user's notification stream, as named prepared statements on the client's pg pool (db/prismaClient.ts
 * sqlPool) rather than Prisma queries: a stream reads when it opens and once per wake-up, so with a thousand streams
 * these are the API process's hottest reads, and a Prisma read costs several times the CPU and the garbage of the
 * same prepared statement (bench/streams.ts). Same rows and order as notificationsAfter, the same view as
 * notificationViewOf.
 */

const after = {
  name: 'svc_hr_stream_notifications_after',
  text:
    'SELECT id::text AS id, seq, kind, title, body, data, read_at AS "readAt", created_at AS "createdAt" ' +
    'FROM notifications WHERE user_id = $1 AND seq > $2 ORDER BY seq LIMIT $3',
};

const lastSeq = {
  name: 'svc_hr_stream_notifications_last_seq',
  text: 'SELECT MAX(seq) AS seq FROM notifications WHERE user_id = $1',
};

interface Row {
  id: string;
  seq: number;
  kind: string;
  title: string;
  body: string;
  data: Record<string, unknown> | null;
  readAt: Date | null;
  createdAt: Date;
}

/** The user's notifications after `afterSeq`, oldest first, at most `limit`: what a stream sends next. */
export async function streamNotificationsAfter(
  prisma: PrismaClient,
  userId: string,
  afterSeq: number,
  limit = 100,
): Promise<NotificationView[]> {
  const { rows } = await sqlPool(prisma).query<Row>({ ...after, values: [userId, afterSeq, limit] });
  // The keys in notificationViewOf's order: the stream's JSON is the same text as before.
  return rows.map((n) => ({
    id: n.id,
    seq: n.seq,
    kind: n.kind,
    title: n.title,
    body: n.body,
    data: n.data ?? {},
    readAt: n.readAt?.toISOString() ?? null,
    createdAt: n.createdAt.toISOString(),
  }));
}

/** The user's newest notification seq (0 without any): where a stream without Last-Event-ID starts. */
export async function lastNotificationSeq(prisma: PrismaClient, userId: string): Promise<number> {
  const { rows } = await sqlPool(prisma).query<{ seq: number | null }>({ ...lastSeq, values: [userId] });
  return rows[0]?.seq ?? 0;
}

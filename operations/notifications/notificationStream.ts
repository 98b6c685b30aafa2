import type { PrismaClient } from '../../db/prismaClient';
import type { RunEventFeed } from '../../engines/agent/runEventFeed';
import type { NotificationView } from '../../engines/notifications/notifications';
import { streamNotificationsAfter } from '../../engines/notifications/notificationFeedReads';
import { heartbeatMs } from '../agent/runEventStream';
import { Wake } from '../streamWake';

/** One notification as server-sent event text: the user's seq as the id, its kind as the event name. */
export function formatNotification(n: NotificationView): string {
  return `id: ${n.seq}\nevent: ${n.kind}\ndata: ${JSON.stringify(n)}\n\n`;
}

/**
 * A user's notifications after `afterSeq` as server-sent events: those already stored, then each new one as the
 * feed wakes the stream (a NOTIFY from whichever API process wrote it, or the embedded database's polling), with a
 * heartbeat comment while nothing comes. Unless `follow` is false (what is stored, then the end), it never ends by itself: it ends when the client goes or the app closes
 * (`signal`), and the client resumes with Last-Event-ID. Every notification is read from the table by seq, and seq
 * order is commit order, so none is missing or repeated.
 */
export async function* notificationStream(
  prisma: PrismaClient,
  feed: RunEventFeed,
  userId: string,
  afterSeq: number,
  opts: { heartbeatMs?: number; signal?: AbortSignal | undefined; follow?: boolean } = {},
): AsyncGenerator<string> {
  const wake = new Wake();
  const unsubscribe = feed.subscribe(userId, wake.notify);
  const { signal } = opts;
  signal?.addEventListener('abort', wake.notify);
  const every = opts.heartbeatMs ?? heartbeatMs;
  let last = afterSeq;
  try {
    yield 'retry: 1000\n\n';
    let lastSentAt = Date.now();
    for (;;) {
      if (signal?.aborted) return;
      wake.clear();
      const batch = await streamNotificationsAfter(prisma, userId, last);
      for (const n of batch) {
        yield formatNotification(n);
        last = n.seq;
      }
      if (batch.length > 0) {
        lastSentAt = Date.now();
        continue;
      }
      if (opts.follow === false) return;
      // A heartbeat reads nothing: only a wake-up from the feed (kept by the latch, never lost) does.
      while (!(await wake.wait(Math.max(0, every - (Date.now() - lastSentAt))))) {
        yield ': heartbeat\n\n';
        lastSentAt = Date.now();
      }
    }
  } finally {
    unsubscribe();
    signal?.removeEventListener('abort', wake.notify);
  }
}

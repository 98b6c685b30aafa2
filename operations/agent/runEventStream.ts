import type { PrismaClient } from '../../db/prismaClient';
import type { RunEvent } from '../../engines/agent/events';
import { streamRunEventsAfter, streamRunStatus } from '../../engines/agent/runEventFeedReads';
import {
  terminalRunEvents,
  terminalRunStatuses,
  type RunEventName,
  type RunStatus,
} from '../../engines/agent/runStates';
import type { RunEventFeed } from '../../engines/agent/runEventFeed';
import { Wake } from '../streamWake';

/** How often an idle stream sends a comment, so proxies and clients know it is alive (DESIGN.md section 5). */
export const heartbeatMs = 15_000;

/** One event as server-sent event text: its per-run seq as the id, its dotted name, its data as JSON. */
export function formatEvent(event: RunEvent): string {
  const data = { ...(event.data as Record<string, unknown>), createdAt: event.createdAt.toISOString() };
  return `id: ${event.seq}\nevent: ${event.event}\ndata: ${JSON.stringify(data)}\n\n`;
}

async function isRunOver(prisma: PrismaClient, runId: string): Promise<boolean> {
  const status = await streamRunStatus(prisma, runId);
  return status !== undefined && terminalRunStatuses.includes(status as RunStatus);
}

/**
 * The events of a run after `afterSeq`, as server-sent event text: first those already stored, then each new one
 * as the feed wakes the stream, with a heartbeat comment while nothing happens; it ends after a terminal event (at
 * once for a run that is over) or when the app closes (`signal`). Every event is read from the table by seq, so
 * none is missing or repeated.
 */
export async function* runEventStream(
  prisma: PrismaClient,
  feed: RunEventFeed,
  runId: string,
  afterSeq: number,
  opts: {
    heartbeatMs?: number;
    signal?: AbortSignal | undefined;
    /**
     * Whether the run was over when the caller read it before opening the stream (its terminal event is then
     * stored), so the stream need not read the run again; unknown: it reads it.
     */
    over?: boolean;
  } = {},
): AsyncGenerator<string> {
  const wake = new Wake();
  const unsubscribe = feed.subscribe(runId, wake.notify);
  const { signal } = opts;
  signal?.addEventListener('abort', wake.notify);
  const every = opts.heartbeatMs ?? heartbeatMs;
  let last = afterSeq;
  // A heartbeat goes out after `every` of silence, however often the feed wakes the stream for nothing (the
  // polling feed wakes it every few hundred milliseconds).
  let lastSentAt: number;
  try {
    // Tells EventSource clients how soon to reconnect after a dropped connection.
    yield 'retry: 1000\n\n';
    lastSentAt = Date.now();
    for (let first = true; ; first = false) {
      // The app is closing: the client resumes after the last event it got, elsewhere or after the restart.
      if (signal?.aborted) return;
      wake.clear();
      const events = await streamRunEventsAfter(prisma, runId, last);
      // Resumed after the terminal event (Last-Event-ID of a client that saw it): nothing will ever come.
      if (first && events.length === 0 && (opts.over ?? (await isRunOver(prisma, runId)))) return;
      for (const event of events) {
        yield formatEvent(event);
        lastSentAt = Date.now();
        last = event.seq;
        if (terminalRunEvents.includes(event.event as RunEventName)) return;
      }
      if (events.length > 0) continue;
      // Nothing new: wait for the feed, with a heartbeat after each `every` of silence. A heartbeat reads nothing
      // (a wake-up is never lost: the latch keeps it), so an idle stream costs a timer, not a query every 15 s.
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

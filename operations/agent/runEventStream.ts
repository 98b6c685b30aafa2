import type { PrismaClient } from '../../db/prismaClient';
import { listRunEvents, type RunEvent } from '../../engines/agent/events';
import {
  terminalRunEvents,
  terminalRunStatuses,
  type RunEventName,
  type RunStatus,
} from '../../engines/agent/runStates';
import type { RunEventFeed } from '../../engines/agent/runEventFeed';

/** How often an idle stream sends a comment, so proxies and clients know it is alive (DESIGN.md section 5). */
export const heartbeatMs = 15_000;

/** One event as server-sent event text: its per-run seq as the id, its dotted name, its data as JSON. */
export function formatEvent(event: RunEvent): string {
  const data = { ...(event.data as Record<string, unknown>), createdAt: event.createdAt.toISOString() };
  return `id: ${event.seq}\nevent: ${event.event}\ndata: ${JSON.stringify(data)}\n\n`;
}

async function isRunOver(prisma: PrismaClient, runId: string): Promise<boolean> {
  const run = await prisma.agentRun.findUnique({ where: { id: runId }, select: { status: true } });
  return run !== null && terminalRunStatuses.includes(run.status as RunStatus);
}

/** A latch a stream waits on: a wake-up that comes while it is reading is kept, not lost. */
class Wake {
  private pending = false;
  private resolve: (() => void) | undefined;

  notify = (): void => {
    this.pending = true;
    this.resolve?.();
  };

  clear(): void {
    this.pending = false;
  }

  /** Resolves true on a wake-up, false after `ms` without one. */
  wait(ms: number): Promise<boolean> {
    if (this.pending) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.resolve = undefined;
        resolve(false);
      }, ms);
      this.resolve = () => {
        clearTimeout(timer);
        this.resolve = undefined;
        resolve(true);
      };
    });
  }
}

/**
 * The events of a run after `afterSeq`, as server-sent event text: first those already stored, then each new one
 * as the feed wakes the stream, with a heartbeat comment while nothing happens; it ends after a terminal event (at
 * once for a run that is over). Every event is read from the table by seq, so none is missing or repeated.
 */
export async function* runEventStream(
  prisma: PrismaClient,
  feed: RunEventFeed,
  runId: string,
  afterSeq: number,
  opts: { heartbeatMs?: number } = {},
): AsyncGenerator<string> {
  const wake = new Wake();
  const unsubscribe = feed.subscribe(runId, wake.notify);
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
      wake.clear();
      const events = await listRunEvents(prisma, runId, last);
      // Resumed after the terminal event (Last-Event-ID of a client that saw it): nothing will ever come.
      if (first && events.length === 0 && (await isRunOver(prisma, runId))) return;
      for (const event of events) {
        yield formatEvent(event);
        lastSentAt = Date.now();
        last = event.seq;
        if (terminalRunEvents.includes(event.event as RunEventName)) return;
      }
      if (events.length > 0) continue;
      const silentFor = Date.now() - lastSentAt;
      if (silentFor >= every) {
        yield ': heartbeat\n\n';
        lastSentAt = Date.now();
        continue;
      }
      await wake.wait(every - silentFor);
    }
  } finally {
    unsubscribe();
  }
}

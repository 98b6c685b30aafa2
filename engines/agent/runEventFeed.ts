import { EventEmitter } from 'node:events';
import { Client } from 'pg';
import { runEventChannel } from './events';

/**
 * Wakes the event streams of one API process when their run (or, on the notifications channel, their user) has a
 * new event; the key is the NOTIFY payload up to its first `:`. It carries no event itself: a woken
 * stream reads its run's events after the last one it sent, from the table, so a missed or doubled wake-up costs
 * a query, never an event.
 */
export interface RunEventFeed {
  /** Calls `wake` whenever the run may have a new event; answers the unsubscribe function. */
  subscribe(runId: string, wake: () => void): () => void;
  close(): Promise<void>;
}

export interface FeedLog {
  warn(obj: object, msg: string): void;
}

function emitterFeed(): { emitter: EventEmitter; subscribe: RunEventFeed['subscribe'] } {
  const emitter = new EventEmitter();
  // One listener per open stream: many streams of one run are normal, not a leak.
  emitter.setMaxListeners(0);
  return {
    emitter,
    subscribe(runId, wake) {
      emitter.on(runId, wake);
      return () => emitter.off(runId, wake);
    },
  };
}

/**
 * The feed of a PostgreSQL server: one dedicated connection per API process LISTENs on `svc_hr_run_events` (the
 * agent engine NOTIFYs `<runId>:<seq>` in the transaction that writes each event). A lost connection is opened
 * again after a pause; every stream is then woken, to read what it missed meanwhile.
 */
export function createListenFeed(
  url: string,
  log: FeedLog,
  retryMs = 1_000,
  channel: string = runEventChannel,
): RunEventFeed {
  const { emitter, subscribe } = emitterFeed();
  let client: Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new Client({ connectionString: url });
    next.on('notification', (msg) => {
      const runId = msg.payload?.split(':')[0];
      if (runId) emitter.emit(runId);
    });
    const lost = (err?: unknown) => {
      if (client !== next) return;
      client = undefined;
      void next.end().catch(() => undefined);
      if (closed) return;
      log.warn({ err, channel }, 'event listener lost its connection; reconnecting');
      retry = setTimeout(() => void connect(), retryMs);
    };
    next.on('error', lost);
    next.on('end', () => lost());
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      for (const runId of emitter.eventNames()) emitter.emit(runId);
    } catch (err) {
      lost(err);
    }
  };
  void connect();

  return {
    subscribe,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

/**
 * The feed of the embedded database (PGlite serves one connection, which Prisma holds, so no second one can
 * LISTEN): every `intervalMs` it wakes the streams that are open, and each reads its run's new events.
 */
export function createPollingFeed(intervalMs = 250): RunEventFeed {
  const { emitter, subscribe } = emitterFeed();
  const timer = setInterval(() => {
    for (const runId of emitter.eventNames()) emitter.emit(runId);
  }, intervalMs);
  timer.unref();
  return {
    subscribe,
    close: async () => clearInterval(timer),
  };
}

/**
 * The feed an app makes for itself: LISTEN on `databaseUrl`, or polling without one (the embedded database), made
 * at the first stream, so a process that never streams holds no extra connection.
 */
export function createDefaultFeed(
  databaseUrl: string | undefined,
  log: FeedLog,
  channel: string = runEventChannel,
): RunEventFeed {
  let feed: RunEventFeed | undefined;
  return {
    subscribe(runId, wake) {
      feed ??= databaseUrl ? createListenFeed(databaseUrl, log, 1_000, channel) : createPollingFeed();
      return feed.subscribe(runId, wake);
    },
    close: async () => feed?.close(),
  };
}

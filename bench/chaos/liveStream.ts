import { setTimeout as delay } from 'node:timers/promises';
import { terminalRunStatuses } from '../../engines/agent/runStates';
import { openEventStream, type ServerSentEvent } from '../../test/integration/agent/sseClient';

const terminalEvents = new Set(terminalRunStatuses.map((s) => `run.${s}`));
/** Spreads the followers over the API processes (each starts on the next one). */
let followers = 0;

/** What a live client of one run received: every event in the order it came, across its reconnections. */
export interface LiveFollow {
  runId: string;
  events: ServerSentEvent[];
  reconnects: number;
  /** true once the terminal event arrived. */
  ended: boolean;
  /** Resolves when the terminal event arrived or `stop()` was called. */
  done: Promise<void>;
  stop(): void;
}

/**
 * Follows a run's event stream as a browser's EventSource does: when the connection drops (its API process was
 * killed, or the server ended the stream), it connects again, to whichever API is up, with Last-Event-ID set to the
 * last id it received, until the run's terminal event.
 */
export function followRun(liveApis: () => string[], token: string, runId: string): LiveFollow {
  let stopped = false;
  let current: { close(): void } | undefined;
  const follow: LiveFollow = {
    runId,
    events: [],
    reconnects: -1,
    ended: false,
    done: Promise.resolve(),
    stop: () => {
      stopped = true;
      current?.close();
    },
  };
  follow.done = (async () => {
    let turn = followers++;
    while (!stopped && !follow.ended) {
      const apis = liveApis();
      const base = apis[turn++ % Math.max(1, apis.length)];
      if (!base) {
        await delay(200);
        continue;
      }
      follow.reconnects += 1;
      try {
        const last = follow.events.at(-1)?.id ?? 0;
        const stream = await openEventStream(`${base}/api/v1/agent/runs/${runId}/events`, {
          authorization: `Bearer ${token}`,
          'last-event-id': String(last),
        });
        current = stream;
        if (stream.status !== 200) {
          stream.close();
          await delay(250);
          continue;
        }
        for (let e = await stream.next(); e; e = await stream.next()) {
          follow.events.push(e);
          if (terminalEvents.has(e.event)) {
            follow.ended = true;
            break;
          }
        }
        stream.close();
      } catch {
        await delay(100);
      }
    }
  })();
  return follow;
}

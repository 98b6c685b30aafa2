import os from 'node:os';
import type { Worker } from '@temporalio/worker';
import type { PrismaClient } from '../../db/prismaClient';

/**
 * Worker liveness for /readyz, kept in the database (table worker_heartbeats, one row per worker identity).
 *
 * Why not ask Temporal: describeTaskQueue keeps a poller listed for minutes after its worker stopped, and a
 * long poll refreshes the poller's lastAccessTime only about every 60 s, so Temporal cannot tell within seconds
 * that no worker polls any more. A row refreshed every few seconds while the worker runs, and deleted when it
 * shuts down gracefully, can: a stopped worker disappears at once, a killed one after `staleSeconds`.
 *
 * Freshness compares `lastSeenAt` (the worker host's clock) with the reader's clock, so hosts are assumed to be
 * NTP-synchronised to well within `staleSeconds`.
 */

export interface WorkerHeartbeatOptions {
  prisma: PrismaClient;
  /** The worker whose state decides whether to beat; only `getState()` is read. */
  worker: Pick<Worker, 'getState'>;
  /** The worker's identity: the row id. */
  identity: string;
  taskQueue: string;
  intervalSeconds: number;
  /** A beat that failed (database unreachable); the heartbeat goes on. Default: a process warning. */
  onError?: ((error: unknown) => void) | undefined;
}

/**
 * Writes the worker's row now and every `intervalSeconds` while the worker is RUNNING; deletes it as soon as
 * the worker is seen stopping or failed, and on `stop()`. Call `stop()` after `worker.shutdown()` (or after
 * `run()` ended) so that readiness says at once that the task queue lost this worker.
 */
export function startWorkerHeartbeat(opts: WorkerHeartbeatOptions): { stop(): Promise<void> } {
  const { prisma, identity, taskQueue } = opts;
  const onError =
    opts.onError ??
    ((error: unknown) => process.emitWarning(`worker heartbeat of ${identity} failed: ${String(error)}`));
  const startedAt = new Date();
  const row = { taskQueue, hostname: os.hostname(), pid: process.pid, startedAt };
  const removeRow = () => prisma.workerHeartbeat.deleteMany({ where: { id: identity } });

  const beat = async () => {
    const state = opts.worker.getState();
    if (state === 'RUNNING') {
      const lastSeenAt = new Date();
      await prisma.workerHeartbeat.upsert({
        where: { id: identity },
        create: { id: identity, ...row, lastSeenAt },
        update: { ...row, lastSeenAt },
      });
    } else if (state !== 'INITIALIZED') {
      await removeRow();
    }
  };

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  // A timeout chain rather than setInterval, so that a slow database never gets two beats at once.
  const tick = () => {
    inFlight = beat()
      .catch(onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, opts.intervalSeconds * 1000);
      });
  };
  tick();

  let stopping: Promise<void> | undefined;
  return {
    stop: () =>
      (stopping ??= (async () => {
        stopped = true;
        clearTimeout(timer);
        await inFlight;
        await removeRow();
      })()),
  };
}

/** True when some worker of `taskQueue` wrote its heartbeat within the last `staleSeconds`. */
export async function hasLiveWorker(prisma: PrismaClient, taskQueue: string, staleSeconds: number): Promise<boolean> {
  const live = await prisma.workerHeartbeat.findFirst({
    where: { taskQueue, lastSeenAt: { gte: new Date(Date.now() - staleSeconds * 1000) } },
    select: { id: true },
  });
  return live !== null;
}

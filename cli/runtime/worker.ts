import { NativeConnection } from '@temporalio/worker';
import { createActivities } from '../../activities';
import type { Config } from '../../config/env';
import type { PrismaClient } from '../../db/prismaClient';
import { buildWorker, defaultWorkerIdentity } from '../../temporal/worker';
import { startWorkerHeartbeat } from '../../temporal/workerHeartbeat';
import type { LineLog } from './log';

export interface WorkerHandle {
  /** Settles when the worker stopped on its own (a fatal error) or after stop(). */
  finished: Promise<void>;
  stop(): Promise<void>;
}

/** Runs a worker on the configured task queue with its heartbeat, until stop(). */
export async function startWorker(
  config: Config,
  prisma: PrismaClient,
  temporalAddress: string,
  log: LineLog,
): Promise<WorkerHandle> {
  const taskQueue = config.temporal.taskQueue;
  const identity = defaultWorkerIdentity(taskQueue);
  const connection = await NativeConnection.connect({ address: temporalAddress });
  const worker = await buildWorker({
    connection,
    namespace: config.temporal.namespace,
    taskQueue,
    identity,
    activities: createActivities({ prisma, identity }),
  });
  const running = worker.run();
  const heartbeat = startWorkerHeartbeat({
    prisma,
    worker,
    identity,
    taskQueue,
    intervalSeconds: config.worker.heartbeatSeconds,
    onError: (error) => log(`heartbeat failed: ${error instanceof Error ? error.message : String(error)}`),
  });
  log(`polling task queue ${taskQueue} as ${identity}`);
  const finished = running.then(
    () => undefined,
    (error: unknown) => log(`worker failed: ${error instanceof Error ? error.message : String(error)}`),
  );
  return {
    finished,
    stop: async () => {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await finished;
      await heartbeat.stop();
      await connection.close();
    },
  };
}

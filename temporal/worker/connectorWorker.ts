import { Worker, type NativeConnection } from '@temporalio/worker';
import { callConnectorToolFor } from '../../activities/connectorCall';
import type { QueueWorker, StartQueueWorker } from '../../lib/connector/hub';
import { callConnectorToolActivity, connectorTaskQueue } from '../../lib/connector/queue';
import { defaultWorkerIdentity } from './worker';

/**
 * Starts an activity-only worker (no workflows) on `connectorTaskQueue(connectorId)` with the given connection:
 * what makes a call reach the one replica that holds the connector's socket. `stop()` drains it.
 */
export function connectorWorkerStarter(opts: {
  connection: NativeConnection;
  namespace: string;
  log?: (line: string) => void;
}): StartQueueWorker {
  return async (connectorId, call): Promise<QueueWorker> => {
    const taskQueue = connectorTaskQueue(connectorId);
    const worker = await Worker.create({
      connection: opts.connection,
      namespace: opts.namespace,
      taskQueue,
      identity: defaultWorkerIdentity(taskQueue),
      activities: { [callConnectorToolActivity]: callConnectorToolFor(connectorId, call) },
    });
    const running = worker.run().catch((error: unknown) => {
      opts.log?.(`connector worker ${taskQueue} failed: ${error instanceof Error ? error.message : String(error)}`);
    });
    return {
      stop: async () => {
        if (worker.getState() === 'RUNNING') worker.shutdown();
        await running;
      },
    };
  };
}

import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { Worker, type NativeConnection } from '@temporalio/worker';
import { ConnectorCallError } from '../lib/connector/callErrors';
import type { QueueWorker, StartQueueWorker } from '../lib/connector/hub';
import {
  callConnectorToolActivity,
  connectorTaskQueue,
  type ConnectorToolCall,
  type OutboundToolResult,
} from '../lib/connector/queue';
import { defaultWorkerIdentity } from './worker';

/**
 * The `callConnectorTool` activity of one connector's queue: forwards the call over the socket this replica holds.
 * Transport failures become retryable ApplicationFailures (the retry carries the same idempotency key); a call
 * that names another connector was misrouted and fails for good. Heartbeats while waiting, so a workflow that set a
 * heartbeat timeout notices a replica that died mid-call.
 */
export function callConnectorToolFor(
  connectorId: string,
  call: (call: ConnectorToolCall) => Promise<OutboundToolResult>,
): (input: ConnectorToolCall) => Promise<OutboundToolResult> {
  return async (input) => {
    if (input.connectorId !== connectorId) {
      throw ApplicationFailure.nonRetryable(
        `A call for connector ${input.connectorId} reached the queue of ${connectorId}`,
        'call_misrouted',
      );
    }
    const ctx = Context.current();
    const beat = setInterval(() => ctx.heartbeat(), 2000);
    try {
      return await Promise.race([call(input), ctx.cancelled]);
    } catch (error) {
      if (error instanceof ConnectorCallError) {
        throw ApplicationFailure.create({ message: error.message, type: error.type, nonRetryable: !error.retryable });
      }
      throw error;
    } finally {
      clearInterval(beat);
    }
  };
}

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

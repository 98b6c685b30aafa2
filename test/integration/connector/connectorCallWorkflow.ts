// A test workflow: the activity path of an approved connector call, scheduled as the agent run schedules it
// (the connector's own task queue, a scheduleToStart timeout for "offline", retries with the same input).
import { proxyActivities } from '@temporalio/workflow';
import { connectorTaskQueue, type CallConnectorTool, type ConnectorToolCall } from '../../../lib/connector/queue';

export async function connectorCall(
  call: ConnectorToolCall,
  timeouts: { scheduleToStartMs: number; startToCloseMs: number },
): Promise<Awaited<ReturnType<CallConnectorTool>>> {
  const { callConnectorTool } = proxyActivities<{ callConnectorTool: CallConnectorTool }>({
    taskQueue: connectorTaskQueue(call.connectorId),
    scheduleToStartTimeout: timeouts.scheduleToStartMs,
    startToCloseTimeout: timeouts.startToCloseMs,
    retry: { initialInterval: '200 milliseconds', maximumInterval: '1 second', maximumAttempts: 20 },
  });
  return callConnectorTool(call);
}

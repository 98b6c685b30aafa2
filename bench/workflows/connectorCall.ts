import { proxyActivities } from '@temporalio/workflow';
import { connectorTaskQueue, type CallConnectorTool, type ConnectorToolCall } from '../../lib/connector/queue';

/**
 * An approved outbound call as an agent run schedules it: `callConnectorTool` on the connector's own task queue
 * (bench/outboundConnector.ts; bundled for the bench's own worker, never for svc-hr's).
 */
export async function connectorCall(call: ConnectorToolCall): Promise<Awaited<ReturnType<CallConnectorTool>>> {
  const { callConnectorTool } = proxyActivities<{ callConnectorTool: CallConnectorTool }>({
    taskQueue: connectorTaskQueue(call.connectorId),
    scheduleToStartTimeout: '1 minute',
    startToCloseTimeout: '1 minute',
  });
  return callConnectorTool(call);
}

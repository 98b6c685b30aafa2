/**
 * The contract between the agent workflow (which schedules an approved call of a connector-backed MCP server) and
 * the API replica that holds that connector's WebSocket (which runs the activity). Calls are routed by task queue:
 * only the replica holding the socket polls `connectorTaskQueue(id)`, so a call reaches the right replica among
 * many, and a call made while the connector is offline waits until its scheduleToStart timeout ends it.
 * Agreed with the outbound-servers side in the #9 interface; change both sides together.
 */

/** The per-connector task queue, polled by an activity-only worker on the replica holding the socket. */
export const connectorTaskQueue = (connectorId: string): string => `svc-hr-connector-${connectorId}`;

/** The name of the activity that forwards a call over the connector's socket. */
export const callConnectorToolActivity = 'callConnectorTool';

/** One approved tools/call for a connector's local adapter. */
export interface ConnectorToolCall {
  connectorId: string;
  /** The adapter's own tool name (without the `mcp__<server>__` prefix). */
  tool: string;
  arguments: Record<string, unknown>;
  /** Attribution headers (X-Svc-Hr-*, Idempotency-Key) the connector sends to its adapter as HTTP headers. */
  headers: Record<string, string>;
  /** Sent as the tools/call `_meta` (`svc-hr/attribution`). */
  meta: Record<string, unknown>;
  /** `<runId>:<actionId>`: the same on every retry, so the adapter can refuse a repeat. */
  idempotencyKey: string;
  actionId: string;
}

/** A tools/call result as it goes back to the model. An MCP tool error is a result with isError, not a throw. */
export interface OutboundToolResult {
  content: unknown[];
  structuredContent?: unknown;
  isError?: boolean;
}

/** The activity's signature: transport failures throw (retryable by Temporal), tool errors come back as results. */
export type CallConnectorTool = (call: ConnectorToolCall) => Promise<OutboundToolResult>;

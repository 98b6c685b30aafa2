import type { WebSocket } from 'ws';
import type { ConnectorToolCall, OutboundToolResult } from './queue';

/*
 * The connector hub as the rest of the house sees it: the operations hand it sockets (open_connector_socket) and
 * revocations, the connector worker hands it calls. Its implementation holds sockets in the API process
 * (api/connectorHub/hub.ts); these ports let operations/ and temporal/ use it without importing api/.
 */

/** An activity-only Temporal worker polling one connector's task queue (temporal/worker/connectorWorker.ts). */
export interface QueueWorker {
  stop(): Promise<void>;
}

/** Starts the worker that takes `connectorId`'s calls to this replica; `call` runs each one. */
export type StartQueueWorker = (
  connectorId: string,
  call: (call: ConnectorToolCall) => Promise<OutboundToolResult>,
) => Promise<QueueWorker>;

export interface ConnectorHub {
  /** Takes an authenticated connector's socket; `address` is where it dialled in from, for the audit trail. */
  accept(
    connector: { id: string; tenantId: string; name: string; address?: string | undefined },
    socket: WebSocket,
  ): void;
  /** Closes the connector's socket on this replica, if it holds one (a revocation). */
  disconnect(connectorId: string, reason: 'revoked'): void;
  /** Runs one call over the connector's socket held by this replica; throws ConnectorCallError. */
  call(call: ConnectorToolCall): Promise<OutboundToolResult>;
  /** The connectors whose socket this replica holds. */
  connected(): string[];
  /** Closes every socket (connectors reconnect to another replica) and stops every worker. */
  close(): Promise<void>;
}

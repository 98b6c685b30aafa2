import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { ConnectorToolCall, OutboundToolResult } from '../../lib/connector/queue';
import {
  closeCodes,
  ConnectorMessage,
  connectorProtocolVersion,
  parseFrame,
  type HubMessage,
  type PublishedTool,
} from '../../lib/connector/protocol';
import { ConnectorCallError } from '../../lib/connector/callErrors';

interface PendingCall {
  resolve(result: OutboundToolResult): void;
  reject(error: Error): void;
  ackTimer: NodeJS.Timeout | undefined;
}

export interface SessionEvents {
  hello(session: ConnectorSession, tools: PublishedTool[]): void;
  tools(session: ConnectorSession, tools: PublishedTool[]): void;
  /** Each heartbeat tick while the socket is alive: the hub records lastSeenAt. */
  beat(session: ConnectorSession): void;
  closed(session: ConnectorSession, code: number): void;
}

export interface SessionOptions {
  heartbeatMs: number;
  /** How long a connector may take to acknowledge a call before the attempt fails (and is retried). */
  ackTimeoutMs: number;
  /** How long after opening the socket the connector must say hello. */
  helloTimeoutMs: number;
}

/**
 * One connector socket on this replica: the protocol of lib/connector/protocol.ts, heartbeats (a ping
 * per beat; a socket that missed one pong is terminated, so a half-open TCP connection is noticed), and the calls
 * in flight. A call fails (retryably) when its socket closes or it is not acknowledged in time; its result
 * resolves it. The session knows nothing of Temporal or the database: the hub does that.
 */
export class ConnectorSession {
  private readonly pending = new Map<string, PendingCall>();
  private helloed = false;
  private alive = true;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly helloTimer: NodeJS.Timeout;

  constructor(
    readonly connector: { id: string; tenantId: string; name: string },
    private readonly socket: WebSocket,
    private readonly events: SessionEvents,
    private readonly opts: SessionOptions,
  ) {
    socket.on('message', (data, isBinary) => this.onFrame(isBinary ? '' : data.toString()));
    socket.on('pong', () => (this.alive = true));
    socket.on('close', (code) => this.onClose(code));
    this.helloTimer = setTimeout(() => this.close(closeCodes.protocolError, 'no hello'), opts.helloTimeoutMs);
    this.heartbeat = setInterval(() => this.onHeartbeat(), opts.heartbeatMs);
  }

  get open(): boolean {
    return this.socket.readyState === this.socket.OPEN;
  }

  /** Sends one approved call and resolves with the adapter's result. */
  call(call: ConnectorToolCall): Promise<OutboundToolResult> {
    if (!this.open || !this.helloed) {
      return Promise.reject(new ConnectorCallError('connector_disconnected', 'The connector is not connected'));
    }
    const callId = randomUUID();
    return new Promise<OutboundToolResult>((resolve, reject) => {
      const entry: PendingCall = {
        resolve,
        reject,
        ackTimer: setTimeout(() => {
          this.settle(callId)?.reject(
            new ConnectorCallError(
              'connector_unresponsive',
              `The connector did not acknowledge the call within ${this.opts.ackTimeoutMs} ms`,
            ),
          );
        }, this.opts.ackTimeoutMs),
      };
      this.pending.set(callId, entry);
      this.send({
        type: 'call',
        callId,
        tool: call.tool,
        arguments: call.arguments,
        headers: call.headers,
        meta: call.meta,
        idempotencyKey: call.idempotencyKey,
        actionId: call.actionId,
      });
    });
  }

  close(code: number, reason: string): void {
    if (this.socket.readyState === this.socket.CLOSED) return;
    this.socket.close(code, reason);
    // A peer that never answers the close handshake must not keep the socket (and its calls) open.
    setTimeout(() => this.socket.terminate(), 5000).unref();
  }

  /** Whether the hub welcomed it (it was recorded online and took calls). */
  welcomed = false;

  /** Acknowledges the connector's hello (after the hub recorded it). */
  welcome(heartbeatSeconds: number): void {
    this.welcomed = true;
    this.send({ type: 'welcome', connectorId: this.connector.id, heartbeatSeconds });
  }

  private send(message: HubMessage): void {
    this.socket.send(JSON.stringify(message));
  }

  private settle(callId: string): PendingCall | undefined {
    const entry = this.pending.get(callId);
    if (!entry) return undefined;
    this.pending.delete(callId);
    clearTimeout(entry.ackTimer);
    return entry;
  }

  private onFrame(text: string): void {
    this.alive = true;
    const message = parseFrame(ConnectorMessage, text);
    if (!message) return;
    switch (message.type) {
      case 'hello':
        if (this.helloed) return;
        if (message.protocol !== connectorProtocolVersion) {
          this.close(closeCodes.protocolError, `protocol ${connectorProtocolVersion} only`);
          return;
        }
        this.helloed = true;
        clearTimeout(this.helloTimer);
        this.events.hello(this, message.tools);
        return;
      case 'tools':
        if (this.helloed) this.events.tools(this, message.tools);
        return;
      case 'ack': {
        const entry = this.pending.get(message.callId);
        if (entry) {
          clearTimeout(entry.ackTimer);
          entry.ackTimer = undefined;
        }
        return;
      }
      case 'result': {
        const entry = this.settle(message.callId);
        if (!entry) return;
        if (message.result) entry.resolve(message.result);
        else {
          entry.reject(
            new ConnectorCallError('adapter_unreachable', message.error?.message ?? 'The adapter gave no result'),
          );
        }
        return;
      }
    }
  }

  private onHeartbeat(): void {
    if (!this.alive) {
      this.socket.terminate();
      return;
    }
    this.alive = false;
    this.socket.ping();
    if (this.helloed) this.events.beat(this);
  }

  private onClose(code: number): void {
    clearInterval(this.heartbeat);
    clearTimeout(this.helloTimer);
    for (const callId of [...this.pending.keys()]) {
      this.settle(callId)?.reject(
        new ConnectorCallError('connector_disconnected', 'The connector disconnected before it answered the call'),
      );
    }
    this.events.closed(this, code);
  }
}

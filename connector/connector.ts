import WebSocket from 'ws';
import {
  closeCodes,
  connectorProtocolVersion,
  HubMessage,
  parseFrame,
  type ConnectorMessage,
  type PublishedTool,
} from '../lib/connector/protocol';
import { AdapterClient } from './adapterClient';
import { defaultBackoff, reconnectDelay, type BackoffPolicy } from './backoff';
import { CallLedger } from './callLedger';

export interface ConnectorOptions {
  /** The service's base address (https://hr.example.com); http only for local development. */
  baseUrl: string;
  pairingToken: string;
  /** The local MCP adapter: a streamable-HTTP MCP server (http://127.0.0.1:3001/mcp). */
  adapterUrl: string;
  log: (line: string) => void;
  backoff?: BackoffPolicy;
  /** How long stop() waits for calls still running on the adapter, so their results are delivered. */
  drainMs?: number;
  /**
   * How often the adapter's tools are listed again while connected (changes are published only when they differ):
   * a stateless adapter cannot push notifications/tools/list_changed, so this is how its changes arrive.
   */
  toolsRefreshMs?: number;
  version?: string;
}

/** Why the connector ended: stopped by its operator, or refused by the service (reconnecting cannot help). */
export type ConnectorExit = 'stopped' | 'unauthorized' | 'revoked';

export interface ConnectorHandle {
  finished: Promise<ConnectorExit>;
  stop(): Promise<ConnectorExit>;
}

/** `https://host/base` → `wss://host/base/api/v1/connectors/socket` (ws:// for http). */
export function socketUrlOf(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('The base URL must be http(s)');
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = `${url.pathname.replace(/\/$/, '')}/api/v1/connectors/socket`;
  url.search = '';
  url.hash = '';
  return url.href;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * The outbound connector (docs/outbound.md, "Connector"): one outbound WebSocket to the service's connector hub,
 * authenticated by the pairing token; it publishes the local adapter's tools, runs the calls the hub sends on the
 * adapter and answers their results. It needs no inbound port. It reconnects with capped, jittered backoff; every
 * call is acknowledged, and a call sent again with the same idempotency key is joined or answered from memory
 * (CallLedger), so a result lost with a socket is delivered without running the call twice.
 */
export function startConnector(opts: ConnectorOptions): ConnectorHandle {
  const socketUrl = socketUrlOf(opts.baseUrl);
  const { log } = opts;
  const ledger = new CallLedger();
  const running = new Set<Promise<unknown>>();
  const stopSignal = new AbortController();
  let current: WebSocket | undefined;
  let welcomed = false;
  let adapterRetry: NodeJS.Timeout | undefined;
  let publishedJson: string | undefined;

  const adapter = new AdapterClient(new URL(opts.adapterUrl), {
    onToolsChanged: () => void publishTools(),
    ...(opts.version ? { version: opts.version } : {}),
  });

  const send = (socket: WebSocket | undefined, msg: ConnectorMessage) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(msg));
  };

  /** The adapter's tools, or none and why: the hub then shows the connector online with no tools. */
  const listTools = async (): Promise<{ tools: PublishedTool[]; adapterError?: string }> => {
    clearTimeout(adapterRetry);
    try {
      return { tools: await adapter.listTools() };
    } catch (error) {
      log(`the adapter did not list its tools: ${message(error)}; trying again in 15 s`);
      adapterRetry = setTimeout(() => void publishTools(), 15_000);
      return { tools: [], adapterError: message(error) };
    }
  };

  const publishTools = async () => {
    if (!welcomed) return;
    const listed = await listTools();
    const json = JSON.stringify(listed);
    if (json === publishedJson) return;
    publishedJson = json;
    send(current, { type: 'tools', ...listed });
    if (!listed.adapterError) log(`published ${listed.tools.length} tools`);
  };
  const toolsRefresh = setInterval(() => void publishTools(), opts.toolsRefreshMs ?? 300_000);

  const onCall = (socket: WebSocket, call: Extract<HubMessage, { type: 'call' }>) => {
    send(socket, { type: 'ack', callId: call.callId });
    const { promise, executed } = ledger.run(call.idempotencyKey, () => adapter.callTool(call));
    log(
      executed
        ? `call ${call.callId}: ${call.tool} (action ${call.actionId})`
        : `call ${call.callId}: ${call.tool} (action ${call.actionId}) was sent before; not run again`,
    );
    const delivered = promise.then(
      (result) => send(socket, { type: 'result', callId: call.callId, result }),
      (error: unknown) => {
        log(`call ${call.callId} failed: ${message(error)}`);
        send(socket, { type: 'result', callId: call.callId, error: { message: message(error) } });
      },
    );
    running.add(delivered);
    void delivered.finally(() => running.delete(delivered));
  };

  /** One connection, from dial to close. Answers an exit when reconnecting cannot help. */
  const connectOnce = () =>
    new Promise<{ exit?: ConnectorExit; healthy: boolean }>((resolve) => {
      let healthy = false;
      let watchdog: NodeJS.Timeout | undefined;
      let refused: ConnectorExit | undefined;
      const socket = new WebSocket(socketUrl, {
        headers: { authorization: `Bearer ${opts.pairingToken}` },
        handshakeTimeout: 10_000,
      });
      current = socket;
      const keepAlive = (heartbeatSeconds: number) => {
        clearTimeout(watchdog);
        // The hub pings every heartbeat: three missed ones mean a dead connection that TCP has not noticed.
        watchdog = setTimeout(() => {
          log('no heartbeat from the service: reconnecting');
          socket.terminate();
        }, heartbeatSeconds * 3000);
      };
      let heartbeatSeconds = 15;
      socket.on('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => {
          const detail = /"message":"([^"]*)"/.exec(body)?.[1] ?? body.slice(0, 200);
          log(`the service refused the connection: ${res.statusCode} ${detail}`);
          if (res.statusCode === 401) refused = 'unauthorized';
          socket.terminate();
        });
      });
      socket.on('open', () => {
        void listTools().then((listed) => {
          publishedJson = JSON.stringify(listed);
          send(socket, { type: 'hello', protocol: connectorProtocolVersion, ...listed });
          if (!listed.adapterError) log(`connected; publishing ${listed.tools.length} tools`);
        });
      });
      socket.on('ping', () => keepAlive(heartbeatSeconds));
      socket.on('message', (data, isBinary) => {
        const msg = isBinary ? undefined : parseFrame(HubMessage, data.toString());
        if (!msg) return;
        keepAlive(heartbeatSeconds);
        if (msg.type === 'welcome') {
          healthy = true;
          welcomed = true;
          heartbeatSeconds = msg.heartbeatSeconds;
          keepAlive(heartbeatSeconds);
          log(`ready: connector ${msg.connectorId}`);
        } else onCall(socket, msg);
      });
      socket.on('error', (error) => {
        if (!refused) log(`connection error: ${error.message}`);
      });
      socket.on('close', (code, reason) => {
        clearTimeout(watchdog);
        welcomed = false;
        if (current === socket) current = undefined;
        if (code === closeCodes.revoked) refused = 'revoked';
        if (!stopSignal.signal.aborted && (code !== 1006 || healthy)) {
          log(`disconnected (${code}${reason.length ? ` ${reason.toString()}` : ''})`);
        }
        resolve(refused ? { exit: refused, healthy } : { healthy });
      });
    });

  const finished = (async (): Promise<ConnectorExit> => {
    let attempt = 0;
    while (!stopSignal.signal.aborted) {
      const { exit, healthy } = await connectOnce();
      if (exit) {
        log(exit === 'revoked' ? 'the connector was revoked: stopping' : 'the pairing token was refused: stopping');
        clearInterval(toolsRefresh);
        clearTimeout(adapterRetry);
        await adapter.close();
        return exit;
      }
      if (stopSignal.signal.aborted) break;
      if (healthy) attempt = 0;
      const delay = reconnectDelay(attempt++, opts.backoff ?? defaultBackoff);
      log(`reconnecting in ${(delay / 1000).toFixed(1)} s`);
      await sleep(delay, stopSignal.signal);
    }
    return 'stopped';
  })();

  return {
    finished,
    stop: async () => {
      if (!stopSignal.signal.aborted) {
        // Calls already on the adapter finish and their results go back before the socket closes.
        const drain = Promise.allSettled([...running]);
        await Promise.race([drain, new Promise((r) => setTimeout(r, opts.drainMs ?? 10_000).unref())]);
        stopSignal.abort();
        clearInterval(toolsRefresh);
        clearTimeout(adapterRetry);
        current?.close(1000, 'connector stopping');
        await adapter.close();
      }
      return finished;
    },
  };
}

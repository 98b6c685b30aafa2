import type { ConnectorHub, QueueWorker, StartQueueWorker } from '../../lib/connector/hub';
import type { PrismaClient } from '../../db/prismaClient';
import type { AuditEntry } from '../../engines/audit/append';
import { markConnected, markDisconnected, publishTools, touchConnector } from '../../engines/connectors/presence';
import { closeCodes } from '../../lib/connector/protocol';
import { ConnectorCallError } from '../../lib/connector/callErrors';
import { ConnectorSession } from './session';

export interface ConnectorHubOptions {
  prisma: PrismaClient;
  startQueueWorker: StartQueueWorker;
  heartbeatSeconds: number;
  ackTimeoutMs?: number;
  helloTimeoutMs?: number;
  log?: (line: string) => void;
  /**
   * Appends an audit record (engines/audit/append.ts): a connector's sockets opening and closing are part of the
   * workspace's trail, so an admin can see when a process in their network held the connector's token.
   */
  audit?: (entry: AuditEntry) => Promise<unknown>;
}

interface Held {
  session: ConnectorSession;
  worker: Promise<QueueWorker | undefined>;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The API side of the outbound connector. A connector dials in (open_connector_socket) and says hello with its
 * adapter's tools; this replica records it online and starts an activity-only worker on the connector's task
 * queue, so the approved calls of any run reach the replica that holds the socket. One socket per connector is
 * kept per replica (a newer one replaces the older); when it closes, the worker stops and the connector is
 * recorded offline. Each heartbeat refreshes lastSeenAt and notices a revocation made on another replica.
 */
export function createConnectorHub(opts: ConnectorHubOptions): ConnectorHub {
  const held = new Map<string, Held>();
  const log = opts.log ?? (() => undefined);
  const { prisma } = opts;
  let closing = false;

  const stopWorker = async (connectorId: string, worker: Held['worker']) => {
    try {
      await (await worker)?.stop();
    } catch (error) {
      log(`connector ${connectorId}: stopping its worker failed: ${message(error)}`);
    }
  };

  const keepIfNotRevoked = (session: ConnectorSession) => (stillValid: boolean) => {
    if (!stillValid) session.close(closeCodes.revoked, 'the connector was revoked');
  };
  const onDbError = (session: ConnectorSession) => (error: unknown) =>
    log(`connector ${session.connector.id}: recording its state failed: ${message(error)}`);
  const audit = (
    connector: { id: string; tenantId: string; name: string; address?: string | undefined },
    operation: 'connector_connected' | 'connector_disconnected',
    details: Record<string, unknown>,
  ) =>
    void opts
      .audit?.({
        tenantId: connector.tenantId,
        surface: 'system',
        operation,
        arguments: {
          connectorId: connector.id,
          name: connector.name,
          ...(connector.address ? { address: connector.address } : {}),
          ...details,
        },
        outcome: 'success',
      })
      .catch((error: unknown) => log(`connector ${connector.id}: auditing ${operation} failed: ${message(error)}`));

  const hub: ConnectorHub = {
    accept(connector, socket) {
      if (closing) {
        socket.close(closeCodes.goingAway, 'the server is shutting down');
        return;
      }
      new ConnectorSession(
        connector,
        socket,
        {
          hello: (session, tools) => {
            void markConnected(prisma, connector.id, tools)
              .then((valid) => {
                if (!valid) return session.close(closeCodes.revoked, 'the connector was revoked');
                if (!session.open) return;
                const previous = held.get(connector.id);
                if (previous) {
                  // The worker stays: calls move to the newer socket.
                  held.set(connector.id, { session, worker: previous.worker });
                  previous.session.close(closeCodes.replaced, 'replaced by a newer connection');
                } else {
                  const worker = opts
                    .startQueueWorker(connector.id, (call) => hub.call(call))
                    .catch((error) => {
                      log(`connector ${connector.id}: its worker did not start: ${message(error)}`);
                      session.close(1011, 'the server could not take calls');
                      return undefined;
                    });
                  held.set(connector.id, { session, worker });
                }
                session.welcome(opts.heartbeatSeconds);
                log(`connector ${connector.id} connected with ${tools.length} tools`);
                audit(connector, 'connector_connected', { tools: tools.map((t) => t.name) });
              })
              .catch(onDbError(session));
          },
          tools: (session, tools) =>
            void publishTools(prisma, connector.id, tools).then(keepIfNotRevoked(session)).catch(onDbError(session)),
          beat: (session) =>
            void touchConnector(prisma, connector.id).then(keepIfNotRevoked(session)).catch(onDbError(session)),
          closed: (session, code) => {
            if (session.welcomed) audit(connector, 'connector_disconnected', { closeCode: code });
            const current = held.get(connector.id);
            if (current?.session !== session) return;
            held.delete(connector.id);
            log(`connector ${connector.id} disconnected`);
            void stopWorker(connector.id, current.worker);
            void markDisconnected(prisma, connector.id).catch(onDbError(session));
          },
        },
        {
          heartbeatMs: opts.heartbeatSeconds * 1000,
          ackTimeoutMs: opts.ackTimeoutMs ?? 10_000,
          helloTimeoutMs: opts.helloTimeoutMs ?? 10_000,
        },
      );
    },

    disconnect(connectorId, reason) {
      held.get(connectorId)?.session.close(closeCodes.revoked, `the connector was ${reason}`);
    },

    call(call) {
      const current = held.get(call.connectorId);
      if (!current) {
        return Promise.reject(
          new ConnectorCallError('connector_disconnected', 'This server holds no socket of the connector'),
        );
      }
      return current.session.call(call);
    },

    connected: () => [...held.keys()],

    async close() {
      closing = true;
      const all = [...held.entries()];
      held.clear();
      for (const [, { session }] of all) session.close(closeCodes.goingAway, 'the server is shutting down');
      await Promise.all(
        all.map(async ([id, { worker }]) => {
          await stopWorker(id, worker);
          await markDisconnected(prisma, id).catch((error: unknown) => log(`connector ${id}: ${message(error)}`));
        }),
      );
    },
  };
  return hub;
}

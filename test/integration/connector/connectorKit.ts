import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Client } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../api/app';
import { appendAuditRecord } from '../../../engines/audit/append';
import { createConnectorHub } from '../../../api/connectorHub/hub';
import type { ConnectorHub } from '../../../lib/connector/hub';
import type { ConnectorToolCall, OutboundToolResult } from '../../../lib/connector/queue';
import { connectTemporal, type TemporalClientHandle } from '../../../temporal/connection';
import { connectorWorkerStarter } from '../../../temporal/worker/connectorWorker';
import { testConfig } from '../../support/config';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { bearer, seedDemoTenants, tokenFor, type DemoKey } from '../../support/identity';
import { testTemporalAddress, uniqueTaskQueue } from '../../support/temporalServer';
import { waitFor } from '../../support/waitFor';

const projectDir = path.resolve(__dirname, '../../..');

export interface ConnectorProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/**
 * What the connector tests share: the API as `svc-hr api` builds it (the connector hub with its per-connector
 * activity-only workers on the real Temporal server), listening on a real port for the connector's socket; a
 * worker of a small test workflow that schedules `callConnectorTool` on a connector's queue as an agent run does;
 * and real `svc-hr connector` processes (the built CLI in dist/).
 */
export interface ConnectorKit {
  db: TestDatabase;
  app: FastifyInstance;
  hub: ConnectorHub;
  baseUrl: string;
  temporal: TemporalClientHandle;
  call(who: DemoKey, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object): Promise<LightMyRequestResponse>;
  /** Adds a connector as the admin; answers its id and pairing token. */
  addConnector(name: string): Promise<{ id: string; pairingToken: string }>;
  /** Starts `svc-hr connector` (settings from the environment when `viaEnv`, else as flags). */
  spawnConnector(pairingToken: string, adapterUrl: string, opts?: { viaEnv?: boolean }): ConnectorProcess;
  /** Runs the call through Temporal on the connector's queue, as an approved action's call. */
  startCall(
    call: ConnectorToolCall,
    timeouts?: { scheduleToStartMs: number; startToCloseMs: number },
  ): Promise<{ result(): Promise<OutboundToolResult> }>;
  connectorView(who: DemoKey, id: string): Promise<{ online: boolean; publishedTools: Array<{ name: string }> }>;
  /** Another API replica on the same database and Temporal server, with its own hub, listening on its own port. */
  startReplica(): Promise<{ baseUrl: string; hub: ConnectorHub }>;
  close(): Promise<void>;
}

export async function startConnectorKit(): Promise<ConnectorKit> {
  const db = await createTestDatabase();
  await seedDemoTenants(db.prisma);
  const config = testConfig({ SVC_HR_RATE_LIMIT_PER_MINUTE: '1000000', SVC_HR_CONNECTOR_HEARTBEAT_SECONDS: '1' });
  const address = testTemporalAddress();
  const temporal = await connectTemporal({ address, namespace: 'default' });
  const workerConnection = await NativeConnection.connect({ address });
  const hub = createConnectorHub({
    prisma: db.prisma,
    heartbeatSeconds: 1,
    startQueueWorker: connectorWorkerStarter({ connection: workerConnection, namespace: 'default' }),
    audit: (entry) => appendAuditRecord(db.prisma, entry),
  });
  const app = await buildApp({ config, prisma: db.prisma, readinessChecks: [], logger: false, connectorHub: hub });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const baseUrl = `http://127.0.0.1:${port}`;

  const taskQueue = uniqueTaskQueue('connector-calls');
  const workflowWorker = await Worker.create({
    connection: workerConnection,
    namespace: 'default',
    taskQueue,
    workflowsPath: require.resolve('./connectorCallWorkflow'),
  });
  const workflowsRunning = workflowWorker.run();
  const client = new Client({ connection: temporal.connection, namespace: 'default' });

  const tokens = new Map<DemoKey, string>();
  const call: ConnectorKit['call'] = async (who, method, url, payload) => {
    let token = tokens.get(who);
    if (!token) tokens.set(who, (token = await tokenFor(db.prisma, who)));
    return app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  };
  const children: ConnectorProcess[] = [];
  const replicas: Array<() => Promise<void>> = [];

  return {
    db,
    app,
    hub,
    baseUrl,
    temporal,
    call,
    async addConnector(name) {
      const res = await call('admin', 'POST', '/api/v1/admin/connectors', { name });
      expect(res.statusCode).toBe(201);
      const data = res.json<{ data: { connector: { id: string }; pairingToken: string } }>().data;
      return { id: data.connector.id, pairingToken: data.pairingToken };
    },
    spawnConnector(pairingToken, adapterUrl, opts = {}) {
      const proc = spawnConnectorProcess(baseUrl, pairingToken, adapterUrl, opts);
      children.push(proc);
      return proc;
    },
    async startCall(input, timeouts = { scheduleToStartMs: 30_000, startToCloseMs: 30_000 }) {
      const handle = await client.workflow.start('connectorCall', {
        taskQueue,
        workflowId: `connector-call-${input.idempotencyKey}`,
        args: [input, timeouts],
      });
      return { result: () => handle.result() as Promise<OutboundToolResult> };
    },
    async connectorView(who, id) {
      const res = await call(who, 'GET', '/api/v1/admin/connectors');
      expect(res.statusCode).toBe(200);
      const found = res
        .json<{
          data: { connectors: Array<{ id: string; online: boolean; publishedTools: Array<{ name: string }> }> };
        }>()
        .data.connectors.find((c) => c.id === id);
      if (!found) throw new Error(`connector ${id} is not listed`);
      return found;
    },
    async startReplica() {
      const replicaHub = createConnectorHub({
        prisma: db.prisma,
        heartbeatSeconds: 1,
        startQueueWorker: connectorWorkerStarter({ connection: workerConnection, namespace: 'default' }),
      });
      const replica = await buildApp({
        config,
        prisma: db.prisma,
        readinessChecks: [],
        logger: false,
        connectorHub: replicaHub,
      });
      await replica.listen({ port: 0, host: '127.0.0.1' });
      replicas.push(async () => {
        await replicaHub.close();
        await replica.close();
      });
      return { baseUrl: `http://127.0.0.1:${(replica.server.address() as { port: number }).port}`, hub: replicaHub };
    },
    close: async () => {
      for (const stop of replicas) await stop();
      for (const proc of children) if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
      await hub.close();
      await app.close();
      workflowWorker.shutdown();
      await workflowsRunning;
      await workerConnection.close();
      await temporal.close();
      await db.drop();
    },
  };
}

/** Starts `svc-hr connector` (the built CLI) for the service at `baseUrl`: settings as flags, or from the environment. */
export function spawnConnectorProcess(
  baseUrl: string,
  pairingToken: string,
  adapterUrl: string,
  opts: { viaEnv?: boolean } = {},
): ConnectorProcess {
  const args = opts.viaEnv ? [] : ['--base-url', baseUrl, '--pairing-token', pairingToken, '--adapter-url', adapterUrl];
  const child = spawn(process.execPath, [path.join(projectDir, 'bin', 'svc-hr.js'), 'connector', ...args], {
    cwd: projectDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...(opts.viaEnv
        ? {
            SVC_HR_CONNECTOR_BASE_URL: baseUrl,
            SVC_HR_CONNECTOR_PAIRING_TOKEN: pairingToken,
            SVC_HR_CONNECTOR_ADAPTER_URL: adapterUrl,
          }
        : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  return { child, output: () => out, exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
}

/** Waits until the connector process printed `text`, failing with its output. */
export async function waitForOutput(proc: ConnectorProcess, text: string, timeoutMs = 20_000): Promise<void> {
  try {
    await waitFor(`the connector to print "${text}"`, () => proc.output().includes(text), {
      timeoutMs,
      intervalMs: 50,
    });
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- connector output ---\n${proc.output()}`, { cause: error });
  }
}

/**
 * Outbound connector overhead: what an approved MCP call pays for going through the connector instead of straight
 * to the adapter. Real parts: a Temporal dev server, PostgreSQL, the API's connector hub listening on a port, a real
 * `svc-hr connector` process (the built CLI: `npm run build` first) and `@modelcontextprotocol/server-everything`
 * (streamable HTTP) as its local adapter; every call is its `echo` tool. Measured in one run, interleaved:
 *   - baseline: the SDK client calling the adapter directly (one session, as a URL server call would);
 *   - hub → socket → connector → adapter: the hub's call, as the activity makes it, without Temporal;
 *   - the approved-call activity: a workflow scheduling `callConnectorTool` on the connector's task queue, which
 *     the hub's activity-only worker runs (what an agent run adds on top).
 *
 *   npx tsx bench/outboundConnector.ts      (SVC_HR_BENCH_CONNECTOR_CALLS=200 by default)
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { buildApp } from '../api/app';
import { createConnectorHub } from '../api/connectorHub/hub';
import { loadConfig } from '../config/env';
import { authenticate } from '../engines/tokens/authenticate';
import { issueForEmail } from '../engines/tokens/credentials';
import { createConnector } from '../engines/connectors/registry';
import { attributionOf } from '../mcp/outbound/attribution';
import type { ConnectorToolCall } from '../lib/connector/queue';
import { seedDemo } from '../prisma/seed';
import { connectTemporal } from '../temporal/connection';
import { connectorWorkerStarter } from '../temporal/worker/connectorWorker';
import { startDevServer } from '../temporal/devServer/devServer';
import { startEverythingServer } from '../test/support/everythingServer';
import { testTemporalCli } from '../test/support/temporalServer';
import { waitFor } from '../test/support/waitFor';
import { median, percentile, printTable } from './report';
import { benchDatabase } from './support';
import { connectorCall } from './workflows/connectorCall';
import { systemClock } from '../engines/clock';

const calls = Number(process.env.SVC_HR_BENCH_CONNECTOR_CALLS ?? 200);
const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;

async function main(): Promise<void> {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-hr-bench-connector-'));
  const stops: Array<() => Promise<unknown>> = [];
  try {
    const [temporal, db, adapter] = await Promise.all([
      testTemporalCli().then((binary) =>
        startDevServer({
          binary,
          dbFile: path.join(dir, 'temporal.db'),
          port: 0,
          uiPort: 0,
          headless: true,
          namespace: 'default',
          log: () => undefined,
          output: () => undefined,
        }),
      ),
      benchDatabase('connector'),
      startEverythingServer(),
    ]);
    stops.push(temporal.stop, db.drop, adapter.close);
    await seedDemo(db.prisma, { clock: systemClock });
    const admin = await authenticate(
      db.prisma,
      (
        await issueForEmail(db.prisma, {
          email: 'admin@acme.test',
          kind: 'personal_access_token',
          name: 'bench',
          scopes: [],
          expiresAt: null,
        })
      ).secret,
    );
    const { connector, pairingToken } = await createConnector(db.prisma, admin, { name: 'bench' });

    const workerConnection = await NativeConnection.connect({ address: temporal.address });
    const hub = createConnectorHub({
      prisma: db.prisma,
      heartbeatSeconds: 15,
      startQueueWorker: connectorWorkerStarter({ connection: workerConnection, namespace: 'default' }),
    });
    const config = loadConfig({ LOG_LEVEL: 'silent', SVC_HR_RATE_LIMIT_PER_MINUTE: '1000000000' } as NodeJS.ProcessEnv);
    const app = await buildApp({ config, prisma: db.prisma, readinessChecks: [], logger: false, connectorHub: hub });
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    stops.unshift(async () => {
      await hub.close();
      await app.close();
      await workerConnection.close();
    });

    const child = spawn(
      process.execPath,
      [
        path.resolve(__dirname, '../bin/svc-hr.js'),
        'connector',
        '--base-url',
        baseUrl,
        '--pairing-token',
        pairingToken,
        '--adapter-url',
        adapter.url,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    stops.unshift(async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    });
    await waitFor('the connector to connect', () => hub.connected().includes(connector.id), {
      timeoutMs: 30_000,
    }).catch((error: unknown) => {
      throw new Error(`${(error as Error).message}\n${output}`);
    });

    const direct = new McpClient({ name: 'bench-direct', version: '1' });
    await direct.connect(new StreamableHTTPClientTransport(new URL(adapter.url)));
    stops.unshift(() => direct.close());

    const temporalClient = await connectTemporal({ address: temporal.address, namespace: 'default' });
    stops.unshift(temporalClient.close);
    const client = new Client({ connection: temporalClient.connection, namespace: 'default' });
    const workflowQueue = `bench-connector-${randomUUID().slice(0, 8)}`;
    const workflowWorker = await Worker.create({
      connection: workerConnection,
      namespace: 'default',
      taskQueue: workflowQueue,
      workflowsPath: require.resolve('./workflows/connectorCall'),
    });
    const workflowsRunning = workflowWorker.run();
    stops.unshift(async () => {
      workflowWorker.shutdown();
      await workflowsRunning;
    });

    const callOf = (i: number): ConnectorToolCall => {
      const runId = randomUUID();
      const actionId = randomUUID();
      const idempotencyKey = `${runId}:${actionId}`;
      const attribution = attributionOf({
        tenantId: admin.tenant.id,
        userId: admin.user.id,
        runId,
        actionId,
        idempotencyKey,
      });
      return {
        connectorId: connector.id,
        tool: 'echo',
        arguments: { message: `hello ${i}` },
        ...attribution,
        idempotencyKey,
        actionId,
      };
    };
    const viaDirect = async (call: ConnectorToolCall) => {
      const t = process.hrtime.bigint();
      await direct.callTool({ name: call.tool, arguments: call.arguments, _meta: call.meta });
      return ms(t);
    };
    const viaHub = async (call: ConnectorToolCall) => {
      const t = process.hrtime.bigint();
      const result = await hub.call(call);
      if (result.isError) throw new Error(JSON.stringify(result));
      return ms(t);
    };
    const viaActivity = async (call: ConnectorToolCall) => {
      const t = process.hrtime.bigint();
      await client.workflow.execute(connectorCall, {
        taskQueue: workflowQueue,
        workflowId: `bench-${call.actionId}`,
        args: [call],
      });
      return ms(t);
    };

    // Warm-up: sessions, the workflow bundle's first run, JIT.
    for (let i = 0; i < 10; i++) {
      await viaDirect(callOf(i));
      await viaHub(callOf(i));
      await viaActivity(callOf(i));
    }
    const samples = { direct: [] as number[], hub: [] as number[], activity: [] as number[] };
    for (let i = 0; i < calls; i++) {
      samples.direct.push(await viaDirect(callOf(i)));
      samples.hub.push(await viaHub(callOf(i)));
      samples.activity.push(await viaActivity(callOf(i)));
    }
    const base = median(samples.direct);
    const rows: Array<[string, number, number]> = [];
    for (const [label, values] of [
      ['direct SDK client → adapter (baseline)', samples.direct],
      ['hub → socket → connector → adapter', samples.hub],
      ['approved-call activity via Temporal + connector', samples.activity],
    ] as const) {
      rows.push([`${label}, median ms`, median(values), median(values) / base]);
      rows.push([`${label}, p95 ms`, percentile(values, 95), percentile(values, 95) / percentile(samples.direct, 95)]);
    }
    printTable(`Outbound call through the connector: ${calls} echo calls each (ratio to the direct call)`, rows);
  } finally {
    for (const stop of stops) await stop().catch((error: unknown) => console.error(error));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

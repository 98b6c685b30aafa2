import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { attributionOf } from '../../../mcp/outbound/attribution';
import type { ConnectorToolCall, OutboundToolResult } from '../../../lib/connector/queue';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { bearer, seedDemoTenants, tokenFor } from '../../support/identity';
import { spawnSvcHr, type SvcHrProcess } from '../../support/svcHrProcess';
import { testTemporalAddress, uniqueTaskQueue } from '../../support/temporalServer';
import { waitFor } from '../../support/waitFor';
import { spawnConnectorProcess, waitForOutput, type ConnectorProcess } from './connectorKit';
import { startRecordingAdapter, type RecordingAdapter } from './recordingAdapter';

/** The hub as `svc-hr api` wires it: a real API process on the test database and Temporal server. */
let db: TestDatabase;
let api: SvcHrProcess;
let adapter: RecordingAdapter;
let dataDir: string;
const connectors: ConnectorProcess[] = [];

beforeAll(async () => {
  [db, adapter, dataDir] = await Promise.all([
    createTestDatabase(),
    startRecordingAdapter(),
    mkdtemp(path.join(os.tmpdir(), 'svc-hr-connector-api-')),
  ]);
  await seedDemoTenants(db.prisma);
  api = await spawnSvcHr('api', {
    DATABASE_URL: db.url,
    TEMPORAL_ADDRESS: testTemporalAddress(),
    SVC_HR_DATA_DIR: dataDir,
    SVC_HR_CONNECTOR_HEARTBEAT_SECONDS: '1',
  });
  // /readyz also wants a worker of the main queue, which this test does not run: the API answering is enough.
  await waitFor(
    'svc-hr api to answer',
    async () => (await fetch(`${api.baseUrl}/healthz`).catch(() => undefined))?.ok === true,
    {
      timeoutMs: 60_000,
      intervalMs: 200,
    },
  );
});
afterAll(async () => {
  for (const proc of connectors) if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
  api?.killGroup('SIGTERM');
  await api?.exited;
  await adapter?.close();
  await db?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('svc-hr api serves the connector socket and runs calls of its connectors from their task queue', async () => {
  const admin = await tokenFor(db.prisma, 'admin');
  const created = await fetch(`${api.baseUrl}/api/v1/admin/connectors`, {
    method: 'POST',
    headers: { ...bearer(admin), 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'via-cli' }),
  });
  expect(created.status).toBe(201);
  const { connector, pairingToken } = (
    (await created.json()) as { data: { connector: { id: string }; pairingToken: string } }
  ).data;
  const proc = spawnConnectorProcess(api.baseUrl, pairingToken, adapter.url);
  connectors.push(proc);
  await waitForOutput(proc, 'ready: connector');

  const listed = await fetch(`${api.baseUrl}/api/v1/admin/connectors`, { headers: bearer(admin) });
  const views = (
    (await listed.json()) as {
      data: { connectors: Array<{ id: string; online: boolean; publishedTools: Array<{ name: string }> }> };
    }
  ).data.connectors;
  const view = views.find((c) => c.id === connector.id)!;
  expect(view.online).toBe(true);
  expect(view.publishedTools.map((t) => t.name)).toContain('echo');

  const user = await db.prisma.user.findUniqueOrThrow({ where: { email: 'admin@acme.test' } });
  const runId = randomUUID();
  const actionId = randomUUID();
  const idempotencyKey = `${runId}:${actionId}`;
  const call: ConnectorToolCall = {
    connectorId: connector.id,
    tool: 'echo',
    arguments: { message: 'from the api process' },
    ...attributionOf({ tenantId: user.tenantId, userId: user.id, runId, actionId, idempotencyKey }),
    idempotencyKey,
    actionId,
  };
  const connection = await NativeConnection.connect({ address: testTemporalAddress() });
  const taskQueue = uniqueTaskQueue('connector-cli');
  const worker = await Worker.create({
    connection,
    namespace: 'default',
    taskQueue,
    workflowsPath: require.resolve('./connectorCallWorkflow'),
  });
  try {
    const result = await worker.runUntil(async () => {
      const client = new Client({ connection: Connection.lazy({ address: testTemporalAddress() }) });
      const handle = await client.workflow.start('connectorCall', {
        taskQueue,
        workflowId: `connector-cli-${actionId}`,
        args: [call, { scheduleToStartMs: 30_000, startToCloseMs: 30_000 }],
      });
      const answer = (await handle.result()) as OutboundToolResult;
      await client.connection.close();
      return answer;
    });
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: from the api process' }]);
    expect(adapter.calls.find((c) => c.idempotencyKey === idempotencyKey)?.headers['x-svc-hr-action']).toBe(actionId);
  } finally {
    await connection.close();
  }

  // Stopping the API closes the socket as "going away": the connector keeps trying to reconnect, it does not exit.
  api.killGroup('SIGTERM');
  expect(await api.exited).toBe(0);
  await waitForOutput(proc, 'disconnected (1001');
  await waitForOutput(proc, 'reconnecting in');
  expect(proc.child.exitCode).toBeNull();
});

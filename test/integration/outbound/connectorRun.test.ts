import { NativeConnection, type Worker } from '@temporalio/worker';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createActivities } from '../../../activities';
import { createAgentActivityDeps } from '../../../activities/agent/toolDeps';
import { buildApp } from '../../../api/app';
import { createConnectorHub } from '../../../api/connectorHub/hub';
import type { ConnectorHub } from '../../../lib/connector/hub';
import type { RunView } from '../../../engines/agent/runView';
import { createAgentRunPort } from '../../../temporal/ports/agentRunPort';
import { connectTemporal, type TemporalClientHandle } from '../../../temporal/connection';
import { connectorWorkerStarter } from '../../../temporal/worker/connectorWorker';
import { buildWorker } from '../../../temporal/worker/worker';
import { testConfig } from '../../support/config';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { bearer, seedDemoTenants, tokenFor, type DemoKey } from '../../support/identity';
import { startMcpFixtureServer, type McpFixtureServer } from '../../support/mcpFixtureServer';
import { testTemporalAddress, uniqueTaskQueue } from '../../support/temporalServer';
import { waitFor } from '../../support/waitFor';
import { spawnConnectorProcess, type ConnectorProcess } from '../connector/connectorKit';

/**
 * An agent run whose outbound call goes through a real `svc-hr connector` process (the built CLI in dist/): the API
 * with its connector hub listening on a real port, the real agentRun workflow and activities in a worker of this
 * process, and our recording MCP server as the connector's local adapter. The approved call takes the connector
 * path of the workflow (its own task queue, polled by the hub's activity-only worker) and arrives at the adapter
 * once, with the attribution of the right user, tenant, run and action.
 */
let db: TestDatabase;
let app: FastifyInstance;
let hub: ConnectorHub;
let temporal: TemporalClientHandle;
let workerConnection: NativeConnection;
let worker: Worker;
let running: Promise<void>;
let agent: ReturnType<typeof createAgentActivityDeps>;
let adapter: McpFixtureServer;
let connector: ConnectorProcess;
const tokens = new Map<DemoKey, string>();

async function call(
  who: DemoKey,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  let token = tokens.get(who);
  if (!token) tokens.set(who, (token = await tokenFor(db.prisma, who)));
  return app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function runOf(runId: string): Promise<RunView> {
  return (await call('alice', 'GET', `/api/v1/agent/runs/${runId}`)).json<{ data: { run: RunView } }>().data.run;
}

beforeAll(async () => {
  adapter = await startMcpFixtureServer();
  db = await createTestDatabase();
  await seedDemoTenants(db.prisma);
  const config = testConfig({ SVC_HR_RATE_LIMIT_PER_MINUTE: '1000000', SVC_HR_CONNECTOR_HEARTBEAT_SECONDS: '1' });
  const address = testTemporalAddress();
  temporal = await connectTemporal({ address, namespace: 'default' });
  workerConnection = await NativeConnection.connect({ address });
  const taskQueue = uniqueTaskQueue('agent-connector');
  agent = createAgentActivityDeps({ config, prisma: db.prisma });
  worker = await buildWorker({
    connection: { address },
    namespace: 'default',
    taskQueue,
    activities: createActivities({
      prisma: db.prisma,
      identity: `test-${taskQueue}`,
      leave: { dayMs: undefined },
      clock: config.clock,
      agent,
    }),
  });
  running = worker.run();
  hub = createConnectorHub({
    prisma: db.prisma,
    heartbeatSeconds: 1,
    startQueueWorker: connectorWorkerStarter({ connection: workerConnection, namespace: 'default' }),
  });
  app = await buildApp({
    config,
    prisma: db.prisma,
    readinessChecks: [],
    logger: false,
    connectorHub: hub,
    agentRuns: createAgentRunPort(temporal.client, { taskQueue, ...config.agent }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const made = await call('admin', 'POST', '/api/v1/admin/connectors', { name: 'office' });
  expect(made.statusCode).toBe(201);
  const { connector: view, pairingToken } = made.json<{ data: { connector: { id: string }; pairingToken: string } }>()
    .data;
  connector = spawnConnectorProcess(baseUrl, pairingToken, adapter.url);
  await waitFor(
    'the connector to be online with its tools',
    async () => {
      const row = await db.prisma.mcpConnector.findUniqueOrThrow({ where: { id: view.id } });
      return row.online && Array.isArray(row.publishedTools) && row.publishedTools.length > 0;
    },
    { timeoutMs: 30_000, intervalMs: 100 },
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n--- connector output ---\n${connector.output()}`);
  });
  const server = await call('admin', 'POST', '/api/v1/admin/mcp-servers', { name: 'office', connectorId: view.id });
  expect(server.statusCode).toBe(201);
}, 120_000);

afterAll(async () => {
  if (connector?.child.exitCode === null) {
    connector.child.kill('SIGTERM');
    await connector.exited;
  }
  await hub?.close();
  await app?.close();
  if (worker?.getState() === 'RUNNING') worker.shutdown();
  await running;
  await agent?.stop();
  await workerConnection?.close();
  await temporal?.close();
  await db?.drop();
  await adapter?.close();
});

describe('an approved call through a connector', () => {
  it('waits for approval, then reaches the adapter once with the attribution', async () => {
    const thread = await call('alice', 'POST', '/api/v1/agent/threads', { title: 'connector' });
    const threadId = thread.json<{ data: { thread: { id: string } } }>().data.thread.id;
    const sent = await call('alice', 'POST', `/api/v1/agent/threads/${threadId}/messages`, {
      message: 'call echo with hello on the office server',
    });
    expect(sent.statusCode).toBe(201);
    const runId = sent.json<{ data: { runId: string } }>().data.runId;
    let run: RunView | undefined;
    await waitFor('the run to ask for approval', async () => (run = await runOf(runId)).status === 'requires_action', {
      timeoutMs: 30_000,
      intervalMs: 100,
    });
    const action = run!.requiredAction?.kind === 'approval' ? run!.requiredAction.actions[0] : undefined;
    expect(action).toMatchObject({ tool: 'mcp__office__echo', arguments: { message: 'hello' } });
    expect(action!.system).toBe('office (connector office)');
    expect(adapter.calls).toHaveLength(0);

    const decided = await call('alice', 'POST', `/api/v1/agent/runs/${runId}/actions/${action!.id}/decisions`, {
      decision: 'approve',
    });
    expect(decided.statusCode).toBe(200);
    await waitFor('the run to end', async () => (run = await runOf(runId)).status === 'completed', {
      timeoutMs: 30_000,
      intervalMs: 100,
    }).catch((error: Error) => {
      throw new Error(`${error.message} (${JSON.stringify(run)})\n--- connector ---\n${connector.output()}`);
    });

    const alice = await db.prisma.user.findUniqueOrThrow({ where: { email: 'alice@acme.test' } });
    const key = `${runId}:${action!.id}`;
    expect(adapter.calls).toHaveLength(1);
    expect(adapter.calls[0]).toMatchObject({ tool: 'echo', arguments: { message: 'hello' }, idempotencyKey: key });
    expect(adapter.calls[0]!.headers).toMatchObject({
      'x-svc-hr-tenant': alice.tenantId,
      'x-svc-hr-user': alice.id,
      'x-svc-hr-run': runId,
      'x-svc-hr-action': action!.id,
    });
    expect(adapter.calls[0]!.meta).toEqual({
      'svc-hr/attribution': {
        tenant: alice.tenantId,
        user: alice.id,
        run: runId,
        action: action!.id,
        idempotencyKey: key,
      },
    });
    const stored = await db.prisma.agentAction.findUniqueOrThrow({ where: { id: action!.id } });
    expect(stored.status).toBe('succeeded');
    expect(stored.result).toMatchObject({ content: [{ type: 'text', text: 'Echo: hello' }] });
    const audit = await db.prisma.auditPending.findMany({ where: { surface: 'mcp_outbound', runId } });
    const chained = await db.prisma.auditRecord.findMany({ where: { surface: 'mcp_outbound', runId } });
    expect([...audit, ...chained].map((r) => r.outcome)).toEqual(['success']);
  });
});

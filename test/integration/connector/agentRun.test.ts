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
import { startEverythingServer, type EverythingServer } from '../../support/everythingServer';
import { bearer, seedDemoTenants, tokenFor, type DemoKey } from '../../support/identity';
import { testTemporalAddress, uniqueTaskQueue } from '../../support/temporalServer';
import { waitFor } from '../../support/waitFor';
import { spawnConnectorProcess, waitForOutput, type ConnectorProcess } from './connectorKit';
import { startRecordingAdapter, type RecordingAdapter } from './recordingAdapter';

/**
 * Agent runs whose approved calls go through real `svc-hr connector` processes: the real agentRun workflow and its
 * activities in a worker of this process, the API with its connector hub on a real port, and as local adapters
 * `@modelcontextprotocol/server-everything` (streamable HTTP) and a recording adapter that honours idempotency keys.
 */
let db: TestDatabase;
let app: FastifyInstance;
let hub: ConnectorHub;
let temporal: TemporalClientHandle;
let workerConnection: NativeConnection;
let worker: Worker;
let running: Promise<void>;
let agent: ReturnType<typeof createAgentActivityDeps>;
let everything: EverythingServer;
let records: RecordingAdapter;
let baseUrl: string;
const processes: ConnectorProcess[] = [];
const tokens = new Map<DemoKey, string>();
const pairing = new Map<string, { id: string; token: string }>();

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

const runOf = async (runId: string) =>
  (await call('alice', 'GET', `/api/v1/agent/runs/${runId}`)).json<{ data: { run: RunView } }>().data.run;

function connect(name: string, adapterUrl: string): ConnectorProcess {
  const proc = spawnConnectorProcess(baseUrl, pairing.get(name)!.token, adapterUrl);
  processes.push(proc);
  return proc;
}

/** Sends `message` as alice and waits for the approval request; answers the run and its one action. */
async function proposal(
  message: string,
): Promise<{ runId: string; action: { id: string; tool: string; arguments: unknown } }> {
  const thread = await call('alice', 'POST', '/api/v1/agent/threads', { title: 'connector' });
  const threadId = thread.json<{ data: { thread: { id: string } } }>().data.thread.id;
  const sent = await call('alice', 'POST', `/api/v1/agent/threads/${threadId}/messages`, { message });
  expect(sent.statusCode).toBe(201);
  const runId = sent.json<{ data: { runId: string } }>().data.runId;
  let run: RunView | undefined;
  await waitFor('the run to ask for approval', async () => (run = await runOf(runId)).status === 'requires_action', {
    timeoutMs: 30_000,
    intervalMs: 100,
  });
  const actions = run!.requiredAction?.kind === 'approval' ? run!.requiredAction.actions : [];
  expect(actions).toHaveLength(1);
  return { runId, action: actions[0]! };
}

/** The running connector process of the connector named `name`. */
function holderOf(name: string): ConnectorProcess {
  const ready = `ready: connector ${pairing.get(name)!.id}`;
  const holder = processes.find(
    (p) => p.child.exitCode === null && p.child.signalCode === null && p.output().includes(ready),
  );
  if (!holder) throw new Error(`no running connector process of ${name}`);
  return holder;
}

async function approve(runId: string, actionId: string): Promise<void> {
  const res = await call('alice', 'POST', `/api/v1/agent/runs/${runId}/actions/${actionId}/decisions`, {
    decision: 'approve',
  });
  expect(res.statusCode).toBe(200);
}

async function ended(runId: string): Promise<RunView> {
  let run: RunView | undefined;
  await waitFor('the run to end', async () => ['completed', 'failed'].includes((run = await runOf(runId)).status), {
    timeoutMs: 60_000,
    intervalMs: 100,
  }).catch((error: Error) => {
    throw new Error(`${error.message} (${JSON.stringify(run)})\n${processes.map((p) => p.output()).join('\n---\n')}`);
  });
  return run!;
}

beforeAll(async () => {
  [everything, records, db] = await Promise.all([
    startEverythingServer(),
    startRecordingAdapter(),
    createTestDatabase(),
  ]);
  await seedDemoTenants(db.prisma);
  const config = testConfig({
    SVC_HR_RATE_LIMIT_PER_MINUTE: '1000000',
    SVC_HR_CONNECTOR_HEARTBEAT_SECONDS: '1',
    // Long enough for a killed connector to restart (the retry waits for it), short enough for the offline case.
    SVC_HR_CONNECTOR_CALL_TIMEOUT: '10s',
  });
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
  baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  for (const [name, adapterUrl] of [
    ['everything', everything.url],
    ['records', records.url],
  ] as const) {
    const made = await call('admin', 'POST', '/api/v1/admin/connectors', { name });
    expect(made.statusCode).toBe(201);
    const { connector, pairingToken } = made.json<{ data: { connector: { id: string }; pairingToken: string } }>().data;
    pairing.set(name, { id: connector.id, token: pairingToken });
    await waitForOutput(connect(name, adapterUrl), 'ready: connector', 30_000);
    const server = await call('admin', 'POST', '/api/v1/admin/mcp-servers', { name, connectorId: connector.id });
    expect(server.statusCode).toBe(201);
  }
}, 120_000);

afterAll(async () => {
  for (const proc of processes) if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
  await hub?.close();
  await app?.close();
  if (worker?.getState() === 'RUNNING') worker.shutdown();
  await running;
  await agent?.stop();
  await workerConnection?.close();
  await temporal?.close();
  await db?.drop();
  await everything?.close();
  await records?.close();
});

it('"call echo with hello on the everything server" runs echo on server-everything behind the connector, once approved', async () => {
  const { runId, action } = await proposal('call echo with hello on the everything server');
  expect(action).toMatchObject({ tool: 'mcp__everything__echo', arguments: { message: 'hello' } });
  await approve(runId, action.id);
  const run = await ended(runId);
  expect(run.status).toBe('completed');
  const stored = await db.prisma.agentAction.findUniqueOrThrow({ where: { id: action.id } });
  expect(stored.status).toBe('succeeded');
  expect(JSON.stringify(stored.result)).toContain('hello');
});

it('killed (SIGKILL) mid-call and restarted, the approved call completes and the adapter executes it once', async () => {
  const { runId, action } = await proposal('call write_record with payslip-7 on the records server');
  expect(action).toMatchObject({ tool: 'mcp__records__write_record', arguments: { value: 'payslip-7' } });
  const key = `${runId}:${action.id}`;
  records.hold();
  await approve(runId, action.id);
  await waitFor('the call to reach the adapter', () => records.calls.some((c) => c.idempotencyKey === key), {
    timeoutMs: 30_000,
  });
  const holder = holderOf('records');
  holder.child.kill('SIGKILL');
  expect(await holder.exited).toBeNull();
  records.release();
  await waitForOutput(connect('records', records.url), 'ready: connector', 30_000);

  const run = await ended(runId);
  expect(run.status).toBe('completed');
  const stored = await db.prisma.agentAction.findUniqueOrThrow({ where: { id: action.id } });
  expect({ status: stored.status, error: stored.error }).toEqual({ status: 'succeeded', error: null });
  expect(stored.result).toMatchObject({ structuredContent: { value: 'payslip-7', key } });
  // Delivered again by the retry after the kill, with the same key; executed once (the adapter honoured the key).
  expect(records.calls.filter((c) => c.idempotencyKey === key)).toHaveLength(2);
  expect(records.executions.get(key)).toBe(1);
});

it('with the connector offline, the approved action fails clearly after its timeout and the run goes on', async () => {
  const { runId, action } = await proposal('call echo with offline on the everything server');
  const holder = holderOf('everything');
  holder.child.kill('SIGTERM');
  expect(await holder.exited).toBe(0);
  await approve(runId, action.id);
  const run = await ended(runId);
  expect(run.status).toBe('completed');
  const stored = await db.prisma.agentAction.findUniqueOrThrow({ where: { id: action.id } });
  expect(stored.status).toBe('failed');
  expect(JSON.stringify(stored.error)).toContain('offline');
});

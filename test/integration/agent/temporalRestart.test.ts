import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RunView } from '../../../engines/agent/runView';
import { agentRunWorkflowId } from '../../../engines/agent/runs';
import { authenticate } from '../../../engines/tokens/authenticate';
import { connectTemporal } from '../../../temporal/connection';
import { startDevServer, type DevServer } from '../../../temporal/devServer/devServer';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { bearer, seedDemoTenants, tokenFor } from '../../support/identity';
import { testTemporalCli, uniqueTaskQueue } from '../../support/temporalServer';
import { waitFor } from '../../support/waitFor';
import { freeWorkingDay } from '../../support/leave';
import { agentProcesses } from './agentProcesses';
import { openEventStream } from './sseClient';

/**
 * Everything but PostgreSQL goes down while a run waits for approval: the Temporal dev server of this test (on a
 * db file of its own) is stopped, the `svc-hr worker` process is killed with SIGKILL and the `svc-hr api` process
 * too; Temporal starts again from the same db file on the same port, new API and worker processes start, and an
 * approval through the new API's HTTP port carries the run to its end exactly once.
 */
let db: TestDatabase;
let dir: string;
let binary: string;
let temporalAddress: string;
const servers: DevServer[] = [];
const taskQueue = uniqueTaskQueue('agent-restart');
const processes = agentProcesses(() => ({ databaseUrl: db.url, prisma: db.prisma, temporalAddress, taskQueue }));

beforeAll(async () => {
  [db, binary, dir] = await Promise.all([
    createTestDatabase(),
    testTemporalCli(),
    mkdtemp(path.join(os.tmpdir(), 'svc-hr-agent-restart-')),
  ]);
  await seedDemoTenants(db.prisma);
});

afterAll(async () => {
  await processes.killAll();
  await Promise.all(servers.map((server) => server.stop()));
  if (dir) await rm(dir, { recursive: true, force: true });
  await db?.drop();
});

async function startTemporal(port: number): Promise<DevServer> {
  const server = await startDevServer({
    binary,
    dbFile: path.join(dir, 'temporal.db'),
    port,
    uiPort: 0,
    headless: true,
    namespace: 'default',
    log: () => undefined,
    output: () => undefined,
  });
  servers.push(server);
  temporalAddress = server.address;
  return server;
}

async function api<T>(baseUrl: string, token: string, method: 'GET' | 'POST', url: string, body?: object) {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...bearer(token), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function waitForRunStatus(baseUrl: string, token: string, runId: string, status: RunView['status']) {
  let run: RunView | undefined;
  await waitFor(
    `run ${runId} to be ${status}`,
    async () => {
      run = (await api<{ data: { run: RunView } }>(baseUrl, token, 'GET', `/api/v1/agent/runs/${runId}`)).body.data.run;
      return run.status === status;
    },
    { timeoutMs: 90_000, intervalMs: 200 },
  ).catch((error: Error) => {
    throw new Error(`${error.message} (last: ${JSON.stringify(run)})\n${processes.outputs()}`, { cause: error });
  });
  return run as RunView;
}

describe('an agent run across a restart of Temporal, the worker and the API', () => {
  it('completes exactly once when approved through a new API after Temporal restarted from its db file', async () => {
    const since = new Date();
    const first = await startTemporal(0);
    const port = Number(first.address.split(':')[1]);
    const worker1 = await processes.startWorker();
    const api1 = await processes.startApi();
    const token = await tokenFor(db.prisma, 'alice');
    const alice = await authenticate(db.prisma, token);
    const day = await freeWorkingDay(db.prisma, alice, 40);

    const thread = await api<{ data: { thread: { id: string } } }>(
      api1.baseUrl,
      token,
      'POST',
      '/api/v1/agent/threads',
      {
        title: 'Leave',
      },
    );
    expect(thread.status).toBe(201);
    const threadId = thread.body.data.thread.id;
    const sent = await api<{ data: { runId: string } }>(
      api1.baseUrl,
      token,
      'POST',
      `/api/v1/agent/threads/${threadId}/messages`,
      { message: `Book annual leave from ${day} to ${day} for a family trip` },
    );
    expect(sent.status).toBe(201);
    const runId = sent.body.data.runId;
    const waiting = await waitForRunStatus(api1.baseUrl, token, runId, 'requires_action');
    expect(waiting.requiredAction).toMatchObject({
      kind: 'approval',
      actions: [{ tool: 'create_leave_request', arguments: { start_date: day }, status: 'pending' }],
    });
    const eventsBefore = await db.prisma.agentRunEvent.count({ where: { runId } });

    // Down: Temporal (killed, as a crash would), the worker and the API.
    process.kill(first.pid, 'SIGKILL');
    await first.stop(); // resolves once the killed server has exited
    await processes.kill(worker1);
    await processes.kill(api1);

    // Up again: Temporal from the same db file on the same port, then new processes.
    await startTemporal(port);
    const worker2 = await processes.startWorker();
    const api2 = await processes.startApi();
    const decided = await api(api2.baseUrl, token, 'POST', `/api/v1/agent/runs/${runId}/decisions`, {
      decision: 'approve',
    });
    expect(decided.status).toBe(200);
    const done = await waitForRunStatus(api2.baseUrl, token, runId, 'completed');
    expect(done.error).toBeUndefined();

    // One leave request, PENDING and routed to alice's manager.
    const requests = await db.prisma.leaveRequest.findMany({
      where: { employeeId: alice.employee?.id, startDate: new Date(`${day}T00:00:00Z`), createdAt: { gte: since } },
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ status: 'PENDING', routedTo: 'MANAGER' });
    const action = await db.prisma.agentAction.findFirstOrThrow({ where: { runId } });
    expect(action).toMatchObject({ status: 'succeeded', result: expect.objectContaining({ id: requests[0]!.id }) });

    // One set of events: numbered 1..n without gaps, each change once, and the stream replays exactly them.
    const events = await db.prisma.agentRunEvent.findMany({ where: { runId }, orderBy: { seq: 'asc' } });
    expect(events.length).toBeGreaterThan(eventsBefore);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    const count = (name: string) => events.filter((e) => e.event === name).length;
    for (const once of [
      'run.queued',
      'action.requested',
      'action.decided',
      'action.executing',
      'action.succeeded',
      'run.requires_action',
      'run.completed',
    ]) {
      expect([once, count(once)]).toEqual([once, 1]);
    }
    expect(count('run.step.started')).toBe(2);
    expect(count('run.step.completed')).toBe(2);
    const messages = await db.prisma.agentMessage.findMany({ where: { threadId }, orderBy: { seq: 'asc' } });
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant_tool_calls', 'tool', 'assistant']);

    const stream = await openEventStream(`${api2.baseUrl}/api/v1/agent/runs/${runId}/events`, bearer(token));
    const streamed: Array<{ id: number; event: string }> = [];
    for (let e = await stream.next(); e; e = await stream.next()) streamed.push({ id: e.id, event: e.event });
    expect(streamed).toEqual(events.map((e) => ({ id: e.seq, event: e.event })));

    // One workflow execution, started once, finished by the new worker.
    const temporal = await connectTemporal({ address: temporalAddress, namespace: 'default' });
    try {
      const handle = temporal.client.workflow.getHandle(agentRunWorkflowId(alice.tenant.id, runId));
      expect(await handle.result()).toEqual({ status: 'completed' });
      const history = (await handle.fetchHistory()).events ?? [];
      expect(history.filter((e) => e.workflowExecutionStartedEventAttributes)).toHaveLength(1);
      const completedBy = new Set(
        history.map((e) => e.workflowTaskCompletedEventAttributes?.identity).filter((id) => id),
      );
      expect([...completedBy].sort()).toEqual([worker1.identity, worker2.identity].sort());
    } finally {
      await temporal.close();
    }
  });
});

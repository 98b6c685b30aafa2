import { Client } from 'pg';
import type { Actor } from '../../../engines/access/actor';
import type { RunView } from '../../../engines/agent/runView';
import { authenticate } from '../../../engines/tokens/authenticate';
import type { DemoKey } from '../../support/identity';
import { testTemporalAddress } from '../../support/temporalServer';
import { waitFor } from '../../support/waitFor';
import { freeWorkingDay } from '../../support/leave';
import { agentProcesses } from './agentProcesses';
import { startAgentKit, startConversation, type AgentKit } from './agentKit';

/**
 * A worker killed with SIGKILL while it carries out an approved create_leave_request does not book the leave twice.
 * The test catches the real `svc-hr worker` process mid-action without any hook in the code: it holds, on a
 * connection of its own, a row lock that the action's next statement needs, waits until the worker's query waits
 * for it (pg_stat_activity), kills the worker and lets go. Two moments:
 * - before the leave engine's transaction commits (the employee row, which createRequest locks first): the write
 *   dies with the worker, and the retried action makes it once;
 * - after it committed, before the action is recorded as done (the run row, which finishing the action locks):
 *   the retried action finds the request the killed call made (activities/agent/executedEffect.ts) and records it.
 * The retried activity runs once its first attempt has missed its heartbeats for the heartbeat timeout (10 s).
 */
let kit: AgentKit;
let processes: ReturnType<typeof agentProcesses>;
const holders: Client[] = [];

beforeAll(async () => {
  kit = await startAgentKit({ inProcessWorker: false });
  processes = agentProcesses(() => ({
    databaseUrl: kit.db.url,
    prisma: kit.db.prisma,
    temporalAddress: testTemporalAddress(),
    taskQueue: kit.taskQueue,
  }));
});

afterAll(async () => {
  await Promise.all(holders.map((c) => c.end().catch(() => undefined)));
  await processes?.killAll();
  await kit?.close();
});

/** A connection of the test's own that holds a row lock in an open transaction until `release()`. */
async function holdRowLock(sql: string, id: string): Promise<{ release(): Promise<void> }> {
  const client = new Client({ connectionString: kit.db.url });
  holders.push(client);
  await client.connect();
  await client.query('BEGIN');
  expect((await client.query(sql, [id])).rowCount).toBe(1);
  return {
    release: async () => {
      await client.query('ROLLBACK');
      await client.end();
    },
  };
}

/** The pid of the one backend that waits for a row lock, with its query on `table`. */
async function waitForLockWaiter(table: string): Promise<number> {
  let pid: number | undefined;
  await waitFor(
    `a query on ${table} to wait for a lock`,
    async () => {
      const rows = await kit.db.prisma.$queryRaw<Array<{ pid: number }>>`
        SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE ${`%FROM ${table}%`}`;
      pid = rows[0]?.pid;
      return rows.length === 1;
    },
    { timeoutMs: 30_000, intervalMs: 20 },
  );
  return pid!;
}

/** Waits until the backend of a killed worker has gone (it notices once it gets the lock and answers). */
const waitForBackendGone = (pid: number) =>
  waitFor(
    `backend ${pid} to end`,
    async () =>
      (await kit.db.prisma.$queryRaw<unknown[]>`SELECT 1 FROM pg_stat_activity WHERE pid = ${pid}`).length === 0,
    { timeoutMs: 30_000, intervalMs: 50 },
  );

interface Booking {
  who: DemoKey;
  actor: Actor;
  day: string;
  threadId: string;
  runId: string;
}

async function bookingWaitingForApproval(who: DemoKey, daysAhead: number): Promise<Booking> {
  const actor = await authenticate(kit.db.prisma, await kit.token(who));
  const day = await freeWorkingDay(kit.db.prisma, actor, daysAhead);
  const { threadId, runId } = await startConversation(kit, who, `Book annual leave from ${day} to ${day} for a trip`);
  await kit.waitForRun(who, runId, 'waits for approval', (r) => r.status === 'requires_action', 60_000);
  return { who, actor, day, threadId, runId };
}

const since = new Date();
const requestsOf = (b: Booking) =>
  kit.db.prisma.leaveRequest.findMany({
    where: { employeeId: b.actor.employee?.id, startDate: new Date(`${b.day}T00:00:00Z`), createdAt: { gte: since } },
  });
const actionOf = (b: Booking) => kit.db.prisma.agentAction.findFirstOrThrow({ where: { runId: b.runId } });
const eventCount = (b: Booking, event: string) =>
  kit.db.prisma.agentRunEvent.count({ where: { runId: b.runId, event } });

async function approve(b: Booking): Promise<void> {
  const res = await kit.call(b.who, 'POST', `/api/v1/agent/runs/${b.runId}/decisions`, { decision: 'approve' });
  expect(res.statusCode).toBe(200);
}

async function waitUntilCompleted(b: Booking): Promise<RunView> {
  let run: RunView | undefined;
  await waitFor(
    `run ${b.runId} of ${b.who} to complete`,
    async () => {
      const res = await kit.call(b.who, 'GET', `/api/v1/agent/runs/${b.runId}`);
      run = res.json<{ data: { run: RunView } }>().data.run;
      return run.status === 'completed' || run.status === 'failed';
    },
    { timeoutMs: 150_000, intervalMs: 250 },
  ).catch((error: Error) => {
    throw new Error(`${error.message} (last: ${JSON.stringify(run)})\n${processes.outputs()}`, { cause: error });
  });
  return run!;
}

/** The create_leave_request records of the audit trail for the booking's run, as its user lists them. */
async function auditedCreates(b: Booking) {
  const res = await kit.call(b.who, 'GET', '/api/v1/agent/audit?operation=create_leave_request&limit=200');
  expect(res.statusCode).toBe(200);
  const records = res.json<{ data: { records: Array<{ surface: string; outcome: string; requestId: string }> } }>().data
    .records;
  return records.filter((r) => r.surface === 'agent' && r.requestId.startsWith(`${b.runId}:`));
}

describe('a worker killed while an approved action executes', () => {
  let before: Booking;
  let after: Booking;

  beforeAll(async () => {
    const worker1 = await processes.startWorker();
    [before, after] = await Promise.all([bookingWaitingForApproval('alice', 50), bookingWaitingForApproval('bob', 51)]);

    // Killed before the leave engine's transaction commits: it waits for alice's employee row.
    const aliceRow = await holdRowLock(
      'SELECT id FROM employees WHERE id = $1::uuid FOR UPDATE',
      before.actor.employee!.id,
    );
    await approve(before);
    const waiterA = await waitForLockWaiter('employees');
    expect((await actionOf(before)).status).toBe('executing');
    await processes.kill(worker1);
    await aliceRow.release();
    await waitForBackendGone(waiterA);
    expect(await requestsOf(before)).toHaveLength(0);

    // Killed after the leave request committed, before the action is recorded done: it waits for bob's run row.
    const worker2 = await processes.startWorker();
    const bobRow = await holdRowLock(
      'SELECT id FROM employees WHERE id = $1::uuid FOR UPDATE',
      after.actor.employee!.id,
    );
    await approve(after);
    await waitForLockWaiter('employees');
    const runRow = await holdRowLock('SELECT id FROM agent_runs WHERE id = $1::uuid FOR UPDATE', after.runId);
    await bobRow.release();
    const waiterB = await waitForLockWaiter('agent_runs');
    await processes.kill(worker2);
    await runRow.release();
    await waitForBackendGone(waiterB);
    expect(await requestsOf(after)).toHaveLength(1);
    expect((await actionOf(after)).status).toBe('executing');

    await processes.startWorker();
  }, 240_000);

  it('creates the leave request once when the kill came before the leave was written', async () => {
    const run = await waitUntilCompleted(before);
    expect(run.status).toBe('completed');
    const requests = await requestsOf(before);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ status: 'PENDING', routedTo: 'MANAGER' });
    const action = await actionOf(before);
    expect(action.status).toBe('succeeded');
    expect(action.result).toMatchObject({ id: requests[0]!.id });
    expect(await eventCount(before, 'action.executing')).toBe(1);
    expect(await eventCount(before, 'action.succeeded')).toBe(1);
    expect(await kit.db.prisma.agentMessage.count({ where: { runId: before.runId, role: 'tool' } })).toBe(1);
    // The killed call never got as far as its audit record; the retried one did, once.
    expect(await auditedCreates(before)).toEqual([expect.objectContaining({ outcome: 'success' })]);
  }, 180_000);

  it('records the request the killed call made, without a second one, when the kill came after it', async () => {
    const run = await waitUntilCompleted(after);
    expect(run.status).toBe('completed');
    const requests = await requestsOf(after);
    expect(requests).toHaveLength(1);
    const action = await actionOf(after);
    expect(action.status).toBe('succeeded');
    expect(action.result).toMatchObject({ id: requests[0]!.id, status: 'PENDING' });
    expect(await eventCount(after, 'action.executing')).toBe(1);
    expect(await eventCount(after, 'action.succeeded')).toBe(1);
    expect(await kit.db.prisma.agentMessage.count({ where: { runId: after.runId, role: 'tool' } })).toBe(1);
    // The call itself ran once: one audit record, written by the killed worker before it died.
    expect(await auditedCreates(after)).toEqual([expect.objectContaining({ outcome: 'success' })]);
  }, 180_000);
});

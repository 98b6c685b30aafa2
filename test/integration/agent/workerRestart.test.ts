import os from 'node:os';
import { authenticate } from '../../../engines/tokens/authenticate';
import { spawnSvcHr, type SvcHrProcess } from '../../support/svcHrProcess';
import { testTemporalAddress } from '../../support/temporalServer';
import { waitFor } from '../../support/waitFor';
import { freeWorkingDay } from '../leaveApproval/leaveKit';
import { startAgentKit, startConversation, type AgentKit } from './agentKit';

/**
 * An agent run survives its worker: the worker runs as a real `svc-hr worker` process (the built CLI, `npm run
 * build` first), is killed with SIGKILL while the run waits for approval, and a new worker process carries the
 * approved action out exactly once.
 */
let kit: AgentKit;
const workers: SvcHrProcess[] = [];

beforeAll(async () => {
  kit = await startAgentKit({ inProcessWorker: false });
});

afterAll(async () => {
  for (const worker of workers) {
    worker.killGroup('SIGKILL');
    await worker.exited;
  }
  await kit?.close();
});

/** Starts `svc-hr worker` on the kit's database and task queue; resolves once it polls (its heartbeat row). */
async function startWorkerProcess(): Promise<SvcHrProcess> {
  const proc = await spawnSvcHr('worker', {
    DATABASE_URL: kit.db.url,
    TEMPORAL_ADDRESS: testTemporalAddress(),
    TEMPORAL_TASK_QUEUE: kit.taskQueue,
    SVC_HR_WORKER_HEARTBEAT_SECONDS: '1',
  });
  workers.push(proc);
  const identity = `${proc.child.pid}@${os.hostname()}/${kit.taskQueue}`;
  await waitFor(
    `worker ${identity} to poll`,
    async () => (await kit.db.prisma.workerHeartbeat.findUnique({ where: { id: identity } })) !== null,
    { timeoutMs: 60_000, intervalMs: 100 },
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n--- worker output ---\n${proc.output()}`, { cause: error });
  });
  return proc;
}

describe('an agent run across a worker restart', () => {
  it('completes exactly once under a new worker after the first was killed while the run waited for approval', async () => {
    const since = new Date();
    const first = await startWorkerProcess();
    const alice = await authenticate(kit.db.prisma, await kit.token('alice'));
    const day = await freeWorkingDay(kit.db.prisma, alice, 45);
    const { threadId, runId } = await startConversation(
      kit,
      'alice',
      `Book annual leave from ${day} to ${day} for a family trip`,
    );
    await kit.waitForRun('alice', runId, 'waits for approval', (r) => r.status === 'requires_action');

    first.killGroup('SIGKILL');
    await first.exited;
    await startWorkerProcess();
    const decided = await kit.call('alice', 'POST', `/api/v1/agent/runs/${runId}/decisions`, { decision: 'approve' });
    expect(decided.statusCode).toBe(200);
    await kit.waitForRun('alice', runId, 'completes', (r) => r.status === 'completed');

    const requests = await kit.db.prisma.leaveRequest.findMany({
      // The demo seed has cancelled requests of its own on some days.
      where: { employeeId: alice.employee?.id, startDate: new Date(`${day}T00:00:00Z`), createdAt: { gte: since } },
    });
    expect(requests).toHaveLength(1);
    expect(await kit.db.prisma.agentMessage.count({ where: { threadId, role: 'tool' } })).toBe(1);
    expect(await kit.db.prisma.agentRunEvent.count({ where: { runId, event: 'run.completed' } })).toBe(1);
  });
});

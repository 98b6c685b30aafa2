import { authenticate } from '../../../engines/tokens/authenticate';
import { testTemporalAddress } from '../../support/temporalServer';
import { freeWorkingDay } from '../../support/leave';
import { agentProcesses } from './agentProcesses';
import { startAgentKit, startConversation, type AgentKit } from './agentKit';

/**
 * An agent run survives its worker: the worker runs as a real `svc-hr worker` process (the built CLI, `npm run
 * build` first), is killed with SIGKILL while the run waits for approval, and a new worker process carries the
 * approved action out exactly once.
 */
let kit: AgentKit;
let processes: ReturnType<typeof agentProcesses>;

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
  await processes?.killAll();
  await kit?.close();
});

describe('an agent run across a worker restart', () => {
  it('completes exactly once under a new worker after the first was killed while the run waited for approval', async () => {
    const since = new Date();
    const first = await processes.startWorker();
    const alice = await authenticate(kit.db.prisma, await kit.token('alice'));
    const day = await freeWorkingDay(kit.db.prisma, alice, 45);
    const { threadId, runId } = await startConversation(
      kit,
      'alice',
      `Book annual leave from ${day} to ${day} for a family trip`,
    );
    await kit.waitForRun('alice', runId, 'waits for approval', (r) => r.status === 'requires_action');

    await processes.kill(first);
    await processes.startWorker();
    const decided = await kit.call('alice', 'POST', `/api/v1/agent/runs/${runId}/decisions`, { decision: 'approve' });
    expect(decided.statusCode).toBe(200);
    // The killed worker held the workflow in its sticky queue: the server hands it on after a timeout (10 s).
    await kit
      .waitForRun('alice', runId, 'completes', (r) => r.status === 'completed', 90_000)
      .catch((error: Error) => {
        throw new Error(`${error.message}\n${processes.outputs()}`, { cause: error });
      });

    const requests = await kit.db.prisma.leaveRequest.findMany({
      // The demo seed has cancelled requests of its own on some days.
      where: { employeeId: alice.employee?.id, startDate: new Date(`${day}T00:00:00Z`), createdAt: { gte: since } },
    });
    expect(requests).toHaveLength(1);
    expect(await kit.db.prisma.agentMessage.count({ where: { threadId, role: 'tool' } })).toBe(1);
    expect(await kit.db.prisma.agentRunEvent.count({ where: { runId, event: 'run.completed' } })).toBe(1);
  });
});

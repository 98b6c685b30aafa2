import { createRequest } from '../../../engines/leave/createRequest';
import { decideRequest } from '../../../engines/leave/decideRequest';
import type { SvcHrProcess } from '../../support/svcHrProcess';
import { testClock } from '../../support/clock';
import { waitFor } from '../../support/waitFor';
import { approvalHandle, daysUntil, startLeaveKit, startWorkerProcess, waitForStatus, type LeaveKit } from './leaveKit';
import { freeWorkingDay } from '../../support/leave';

/**
 * The approval of a leave request survives its worker: the worker runs as a real `svc-hr worker` process
 * (the built CLI, `npm run build` first), is killed with SIGKILL while the request waits for its decision, and a
 * new worker process takes the same workflow through approval, IN_PROGRESS and COMPLETED.
 */
const DAY_MS = 2000;
let kit: LeaveKit;
const workers: SvcHrProcess[] = [];

beforeAll(async () => {
  kit = await startLeaveKit({ dayMs: DAY_MS, inProcessWorker: false });
});

afterAll(async () => {
  for (const worker of workers) {
    worker.killGroup('SIGKILL');
    await worker.exited;
  }
  await kit?.close();
});

async function startWorker() {
  const worker = await startWorkerProcess(kit, { SVC_HR_LEAVE_DAY_MS: String(DAY_MS) });
  workers.push(worker.proc);
  return worker;
}

/** Runs `fn`; a failure carries what the worker processes printed. */
async function withWorkerOutput(fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (error) {
    const outputs = workers.map((w, i) => `--- worker ${i + 1} output ---\n${w.output()}`).join('\n');
    throw new Error(`${(error as Error).message}\n${outputs}`, { cause: error });
  }
}

describe('the leave approval workflow across a worker restart', () => {
  it('is taken from creation to COMPLETED by a new worker after the first one was killed before the decision', async () => {
    const first = await startWorker();
    const alice = await kit.actor('alice');
    const port = kit.port();
    // At least 10 scaled days (20 s) ahead: the leave must not be over before the new worker sees the decision.
    const day = await freeWorkingDay(kit.prisma, alice, 10);
    const k = await daysUntil(kit.prisma, alice.tenant.id, day);
    const createdAt = Date.now();
    const { request } = await createRequest(
      kit.prisma,
      alice,
      { start_date: day, end_date: day },
      { port, clock: testClock() },
    );
    const handle = approvalHandle(kit, alice.tenant.id, request.id);
    // Not SvcHrStatus PENDING: the port sets it at start, before any worker ran the workflow. Two workflow tasks
    // completed by the first worker: it started the workflow and took the read of the pending request.
    await waitFor('the first worker to read the pending request', async () => {
      const { events } = await handle.fetchHistory();
      const byFirst = (events ?? []).filter((e) => e.workflowTaskCompletedEventAttributes?.identity === first.identity);
      return byFirst.length >= 2;
    });
    const { runId } = await handle.describe();

    first.proc.killGroup('SIGKILL');
    await first.proc.exited;
    expect((await handle.describe()).status.name).toBe('RUNNING');
    const second = await startWorker();
    await decideRequest(
      kit.prisma,
      await kit.actor('manager'),
      request.id,
      { decision: 'approve' },
      { port, clock: testClock() },
    );

    // The killed worker held the workflow in its sticky queue: the server hands it on after a timeout (10 s).
    await withWorkerOutput(async () => {
      const inProgressAt = await waitForStatus(kit.prisma, request.id, 'IN_PROGRESS', (k + 10) * DAY_MS);
      expect(inProgressAt - createdAt).toBeGreaterThanOrEqual(k * DAY_MS);
      await waitForStatus(kit.prisma, request.id, 'COMPLETED', 10 * DAY_MS);
    });
    expect(await handle.result()).toEqual({ status: 'COMPLETED' });

    const description = await handle.describe();
    expect(description.runId).toBe(runId);
    const history = await handle.fetchHistory();
    const events = history.events ?? [];
    expect(events.filter((e) => e.workflowExecutionStartedEventAttributes)).toHaveLength(1);
    const completedBy = new Set(events.map((e) => e.workflowTaskCompletedEventAttributes?.identity).filter(Boolean));
    expect([...completedBy].sort()).toEqual([first.identity, second.identity].sort());
  });
});

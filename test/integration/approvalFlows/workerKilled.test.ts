import { svcHrStatus } from '../../../workflows/searchAttributes';
import type { SvcHrProcess } from '../../support/svcHrProcess';
import { waitFor } from '../../support/waitFor';
import {
  approvalHandle,
  startLeaveKit,
  startWorkerProcess,
  waitForStatus,
  type LeaveKit,
} from '../leaveApproval/leaveKit';
import { approvalKit } from './approvalKit';

/**
 * An approval survives its worker: the worker runs as a real `svc-hr worker` process (the built CLI, `npm run
 * build` first) and is killed with SIGKILL while a two-step approval waits; the first decision is made while no
 * worker runs, a new worker process takes over, and the request is decided once.
 */
let kit: LeaveKit;
let flow: ReturnType<typeof approvalKit>;
const workers: SvcHrProcess[] = [];

beforeAll(async () => {
  kit = await startLeaveKit({ dayMs: 2000, inProcessWorker: false });
  flow = approvalKit(kit);
});
afterAll(async () => {
  for (const worker of workers) {
    worker.killGroup('SIGKILL');
    await worker.exited;
  }
  await kit?.close();
});

async function startWorker() {
  const worker = await startWorkerProcess(kit, { SVC_HR_LEAVE_DAY_MS: '2000' });
  workers.push(worker.proc);
  return worker;
}

describe('an approval across a killed worker', () => {
  it('is decided once: the first step while no worker runs, the second after a new worker took over', async () => {
    await flow.setLeaveFlow([
      { name: 'Manager', approver: 'manager' },
      { name: 'HR', approver: 'hr', when: { daysAbove: 10 } },
    ]);
    const first = await startWorker();
    const { requestId, approvalId, tenantId } = await flow.aliceAsks(19, 90);
    const handle = flow.handle(tenantId, approvalId);
    // Not SvcHrStatus PENDING: the port sets it at start, before any worker ran the workflow. Two workflow tasks
    // completed by the first worker: it started the approval and took the read of it.
    await waitFor('the first worker to start the approval', async () => {
      try {
        const { events } = await handle.fetchHistory();
        const byFirst = (events ?? []).filter(
          (e) => e.workflowTaskCompletedEventAttributes?.identity === first.identity,
        );
        return byFirst.length >= 2;
      } catch {
        return false;
      }
    });
    const { runId } = await handle.describe();

    first.proc.killGroup('SIGKILL');
    await first.proc.exited;
    expect((await handle.describe()).status.name).toBe('RUNNING');
    // Committed at once; the signal waits in the workflow's history for a worker.
    expect((await flow.decide(await kit.actor('manager'), approvalId, 'approve')).outcome).toBe('waiting');

    const second = await startWorker();
    expect((await flow.decide(await kit.actor('hr'), approvalId, 'approve')).outcome).toBe('approved');
    // The killed worker held the workflows in its sticky queue: the server hands them on after a timeout (10 s).
    try {
      expect(await handle.result()).toEqual({ status: 'APPROVED' });
      await waitForStatus(kit.prisma, requestId, 'APPROVED');
      await waitFor(
        'the leave workflow to read the decision',
        async () => {
          const parent = await approvalHandle(kit, tenantId, requestId).describe();
          return parent.typedSearchAttributes.get(svcHrStatus) === 'APPROVED';
        },
        { timeoutMs: 30_000 },
      );
    } catch (error) {
      const outputs = workers.map((w, i) => `--- worker ${i + 1} ---\n${w.output()}`).join('\n');
      throw new Error(`${(error as Error).message}\n${outputs}`, { cause: error });
    }

    // Decided once: one approval notice, one move of the days from pending to used, one decision per step.
    const approved = await kit.prisma.notification.findMany({
      where: { kind: 'leave.approved', data: { path: ['requestId'], equals: requestId } },
    });
    expect(approved).toHaveLength(1);
    const ledger = await kit.prisma.leaveLedgerEntry.groupBy({ by: ['kind'], where: { requestId }, _count: true });
    expect(Object.fromEntries(ledger.map((g) => [g.kind, g._count]))).toEqual({ reserve: 1, release: 1, use: 1 });
    const decisions = await kit.prisma.approvalAssignment.findMany({
      where: { instanceId: approvalId, status: 'APPROVED' },
      orderBy: { step: 'asc' },
    });
    expect(decisions.map((d) => d.step)).toEqual([0, 1]);

    const description = await handle.describe();
    expect(description.runId).toBe(runId);
    const events = (await handle.fetchHistory()).events ?? [];
    expect(events.filter((e) => e.workflowExecutionStartedEventAttributes)).toHaveLength(1);
    expect(events.filter((e) => e.workflowExecutionSignaledEventAttributes).length).toBeGreaterThanOrEqual(2);
    const completedBy = new Set(events.map((e) => e.workflowTaskCompletedEventAttributes?.identity).filter(Boolean));
    expect([...completedBy].sort()).toEqual([first.identity, second.identity].sort());
  });
});

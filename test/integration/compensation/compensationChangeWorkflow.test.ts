import { decideApproval } from '../../../engines/approvalFlows/approvalActions';
import { approvalSubjects } from '../../../engines/approvalSubjects';
import { cancelCompensationChange, proposeCompensationChange } from '../../../engines/compensation/compensationChanges';
import { startCompensationChangeWorkflow } from '../../../engines/compensation/compensationPort';
import { addDays, todayIn } from '../../../engines/leave/dates';
import { createApprovalFlowPort } from '../../../temporal/ports/approvalFlowPort';
import { createCompensationChangePort } from '../../../temporal/ports/compensationChangePort';
import { approvalFlowWorkflowId } from '../../../workflows/approvalFlow/messages';
import { compensationChangeWorkflowId } from '../../../workflows/compensationChange/messages';
import { testClock } from '../../support/clock';
import { waitFor } from '../../support/waitFor';
import { startLeaveKit, type LeaveKit } from '../leaveApproval/leaveKit';

/**
 * The compensationChange workflow on the real dev server with a worker in this process, on a test time scale of
 * DAY_MS per calendar day: a proposal's approval runs as its child; once approved, the change applies when its
 * effective date begins, and not before; a withdrawn change never applies.
 */
const DAY_MS = 3_000;
const HOUR = 3_600_000;
let kit: LeaveKit;
let ports: {
  changes: ReturnType<typeof createCompensationChangePort>;
  approvals: ReturnType<typeof createApprovalFlowPort>;
};

beforeAll(async () => {
  kit = await startLeaveKit({ dayMs: DAY_MS, inProcessWorker: true });
  const delays = { taskQueue: kit.taskQueue, remindAfterMs: HOUR, escalateAfterMs: HOUR };
  ports = {
    changes: createCompensationChangePort(kit.temporal.client, delays),
    approvals: createApprovalFlowPort(kit.temporal.client, delays),
  };
});
afterAll(async () => {
  await kit?.close();
});

async function propose(daysAhead: number, annualMinor: number) {
  const manager = await kit.actor('manager');
  const alice = await kit.prisma.employee.findFirstOrThrow({ where: { email: 'alice@acme.test' } });
  const { timeZone } = await kit.prisma.tenant.findUniqueOrThrow({ where: { id: alice.tenantId } });
  const effectiveDate = addDays(todayIn(timeZone, testClock().now()), daysAhead);
  const change = await proposeCompensationChange(
    kit.prisma,
    manager,
    { employeeId: alice.id, effectiveDate, annualMinor, currency: 'EUR', reason: 'Promotion' },
    {
      clock: testClock(),
      start: (ref) => startCompensationChangeWorkflow(kit.prisma, ports.changes, ref).then(() => undefined),
    },
  );
  return { change, tenantId: alice.tenantId, employeeId: alice.id, effectiveDate };
}

async function approveAsHr(approvalId: string) {
  const hr = await kit.actor('hr');
  await decideApproval(kit.prisma, approvalSubjects, hr, approvalId, { decision: 'approve', comment: null }, (i) =>
    ports.approvals.notify({ tenantId: i.tenantId, instanceId: i.id }, { kind: 'approve', byUserId: hr.user.id }),
  );
}

const changeStatus = async (id: string) =>
  (await kit.prisma.compensationChange.findUniqueOrThrow({ where: { id } })).status;

describe('the compensationChange workflow', () => {
  it('applies an approved change when its effective date begins, not before, once', async () => {
    const { change, tenantId, employeeId, effectiveDate } = await propose(2, 7_100_000);
    const started = Date.now();
    const approval = kit.temporal.client.workflow.getHandle(approvalFlowWorkflowId(tenantId, change.approvalId!));
    await waitFor('the approval to run as the change’s child', async () => {
      try {
        return (await approval.describe()).status.name === 'RUNNING';
      } catch {
        return false;
      }
    });
    await approveAsHr(change.approvalId!);
    await waitFor('the change to be approved', async () => (await changeStatus(change.id)) === 'APPROVED');
    expect(await kit.prisma.salary.count({ where: { changeId: change.id } })).toBe(0);

    await waitFor('the change to apply', async () => (await changeStatus(change.id)) === 'APPLIED', {
      timeoutMs: 30_000,
    });
    const applied = await kit.prisma.compensationChange.findUniqueOrThrow({ where: { id: change.id } });
    // Two calendar days on the scale: the timer ran from the workflow's start, no sooner.
    expect(applied.appliedAt!.getTime() - started).toBeGreaterThanOrEqual(2 * DAY_MS - 250);
    const salaries = await kit.prisma.salary.findMany({ where: { employeeId, changeId: change.id } });
    expect(salaries.map((s) => [s.effectiveDate.toISOString().slice(0, 10), s.annualMinor])).toEqual([
      [effectiveDate, 7_100_000n],
    ]);
    const handle = kit.temporal.client.workflow.getHandle(compensationChangeWorkflowId(tenantId, change.id));
    expect(await handle.result()).toEqual({ status: 'APPLIED' });
    const notified = await kit.prisma.notification.findMany({
      where: { kind: 'compensation.change_applied', data: { path: ['compensationChangeId'], equals: change.id } },
    });
    expect(notified).toHaveLength(2);
  });

  it('never applies a change withdrawn after its approval', async () => {
    const { change, tenantId } = await propose(2, 7_200_000);
    await waitFor('the approval workflow', async () => {
      try {
        const child = kit.temporal.client.workflow.getHandle(approvalFlowWorkflowId(tenantId, change.approvalId!));
        return (await child.describe()).status.name === 'RUNNING';
      } catch {
        return false;
      }
    });
    await approveAsHr(change.approvalId!);
    await waitFor('the change to be approved', async () => (await changeStatus(change.id)) === 'APPROVED');
    await cancelCompensationChange(kit.prisma, await kit.actor('manager'), change.id);
    await ports.changes.notify({ tenantId, changeId: change.id });
    const handle = kit.temporal.client.workflow.getHandle(compensationChangeWorkflowId(tenantId, change.id));
    expect(await handle.result()).toEqual({ status: 'CANCELLED' });
    expect(await kit.prisma.salary.count({ where: { changeId: change.id } })).toBe(0);
  });
});

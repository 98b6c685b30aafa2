import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { Worker } from '@temporalio/worker';
import { decideRequest } from '../../../engines/leave/decideRequest';
import { getWorkflowBundle } from '../../../temporal/worker/workflowBundle';
import { svcHrStatus, svcHrTenant } from '../../../workflows/searchAttributes';
import { testClock } from '../../support/clock';
import { idsOf, nextFreeLeaveDay } from '../../support/leave';
import { createWfaRequest } from '../../../engines/workFromAnywhere/wfaRequests';
import { startApprovalFlowWorkflow } from '../../../engines/approvalFlows/approvalPort';
import { createApprovalFlowPort } from '../../../temporal/ports/approvalFlowPort';
import { waitFor } from '../../support/waitFor';
import { approvalHandle, startLeaveKit, waitForStatus, type LeaveKit } from '../leaveApproval/leaveKit';
import { approvalKit } from './approvalKit';

/**
 * The approvalFlow workflow on the real dev server, with a worker in this process and a test time scale of
 * MINUTE_MS per configured minute: a leave request's workflow starts its approval as a child, which reminds and
 * then escalates a step nobody decides, and ends when the last step commits the request.
 */
const MINUTE_MS = 250;
let kit: LeaveKit;
let flow: ReturnType<typeof approvalKit>;

beforeAll(async () => {
  kit = await startLeaveKit({ dayMs: 2000, inProcessWorker: true, minuteMs: MINUTE_MS });
  flow = approvalKit(kit);
});
afterAll(async () => {
  await kit?.close();
});

const notificationsOf = (kind: string, requestId: string) =>
  kit.prisma.notification.findMany({
    where: { kind, data: { path: ['requestId'], equals: requestId } },
    orderBy: { createdAt: 'asc' },
  });

describe('the approval workflow of a two-step leave flow', () => {
  it('reminds the second step’s approver, escalates to HR, and ends when HR approves', async () => {
    const director = await idsOf(kit.prisma, 'director');
    const hr = await idsOf(kit.prisma, 'hr');
    await flow.setLeaveFlow([
      { name: 'Manager', approver: 'manager' },
      {
        name: 'Director',
        approver: 'person',
        userId: director.userId,
        when: { daysAbove: 10 },
        remindAfterMinutes: 4,
        escalateAfterMinutes: 4,
      },
    ]);
    const { requestId, approvalId, tenantId } = await flow.aliceAsks(19, 70);
    const handle = flow.handle(tenantId, approvalId);
    await waitFor('the approval workflow to start', async () => {
      try {
        return (await handle.describe()).typedSearchAttributes.get(svcHrStatus) === 'PENDING';
      } catch {
        return false;
      }
    });

    // The director's step (and its reminder timer) starts while the manager's decision is being answered, so the
    // earliest it can start is just before that call: a lower bound that a slow answer cannot break.
    const stepStartedNoEarlierThan = Date.now();
    const step1 = await flow.decide(await kit.actor('manager'), approvalId, 'approve');
    expect(step1.outcome).toBe('waiting');
    await waitFor(
      'the reminder to the director',
      async () => (await notificationsOf('leave.reminder', requestId)).length > 0,
    );
    const reminded = await notificationsOf('leave.reminder', requestId);
    expect(reminded.map((n) => n.userId)).toEqual([director.userId]);
    expect(reminded[0]!.createdAt.getTime() - stepStartedNoEarlierThan).toBeGreaterThanOrEqual(4 * MINUTE_MS - 50);
    await waitFor('the escalation to HR', async () => (await notificationsOf('leave.escalated', requestId)).length > 0);
    const escalated = await notificationsOf('leave.escalated', requestId);
    expect(escalated.map((n) => n.userId)).toContain(hr.userId);
    expect(escalated[0]!.createdAt.getTime() - reminded[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(
      4 * MINUTE_MS - 50,
    );
    // The director's part was handed over: only HR decides the step now.
    await expect(flow.decide(await kit.actor('director'), approvalId, 'approve')).rejects.toMatchObject({
      code: 'forbidden',
    });

    const last = await flow.decide(await kit.actor('hr'), approvalId, 'approve');
    expect(last.outcome).toBe('approved');
    expect(await handle.result()).toEqual({ status: 'APPROVED' });
    await waitForStatus(kit.prisma, requestId, 'APPROVED');
    expect(await notificationsOf('leave.reminder', requestId)).toHaveLength(1);
    expect(await notificationsOf('leave.approved', requestId)).toHaveLength(1);

    const description = await handle.describe();
    expect(description.typedSearchAttributes.get(svcHrTenant)).toBe(tenantId);
    expect(description.typedSearchAttributes.get(svcHrStatus)).toBe('APPROVED');
    // Summarised in words by the leave's workflow that started it (who, which leave, which days).
    expect(await description.staticSummary()).toMatch(
      /^Approval of a leave request: Alice Anders, Unpaid leave, Mon \d{1,2}( \w{3})?( \d{4})? – \w{3} \d{1,2} \w{3} \d{4}$/,
    );
    // The leave's own workflow started it and goes on towards the leave's dates.
    const parent = await approvalHandle(kit, tenantId, requestId).describe();
    expect(parent.status.name).toBe('RUNNING');
    const history = await handle.fetchHistory();
    await Worker.runReplayHistory({ workflowBundle: await getWorkflowBundle() }, history);
    const parentHistory = await approvalHandle(kit, tenantId, requestId).fetchHistory();
    await Worker.runReplayHistory({ workflowBundle: await getWorkflowBundle() }, parentHistory);
    // `SVC_HR_RECORD_HISTORIES=1` keeps both histories as fixtures of the unit replay tests (docs/temporal.md).
    if (process.env.SVC_HR_RECORD_HISTORIES === '1') {
      const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
      const folder = path.join(__dirname, '../../fixtures/histories');
      await writeFile(
        path.join(folder, `approvalFlow-remind-escalate-approve-${day}.json`),
        `${historyToJSON(history)}\n`,
      );
      await writeFile(
        path.join(folder, `leaveApproval-approval-flow-child-${day}.json`),
        `${historyToJSON(parentHistory)}\n`,
      );
    }
  });

  it('runs the approval of a work from anywhere request as a workflow of its own, started by the API', async () => {
    const alice = await kit.actor('alice');
    const day = await nextFreeLeaveDay(kit.prisma);
    const port = createApprovalFlowPort(kit.temporal.client, {
      taskQueue: kit.taskQueue,
      remindAfterMs: 3_600_000,
      escalateAfterMs: 3_600_000,
    });
    const request = await createWfaRequest(
      kit.prisma,
      alice,
      { country: 'PT', city: 'Lisbon', startDate: day, endDate: day },
      { clock: testClock(), start: (ref) => startApprovalFlowWorkflow(kit.prisma, port, ref).then(() => undefined) },
    );
    const handle = flow.handle(alice.tenant.id, request.approvalId!);
    expect(await kit.prisma.approvalInstance.findUniqueOrThrow({ where: { id: request.approvalId! } })).toMatchObject({
      workflowId: `approval/${alice.tenant.id}/${request.approvalId}`,
    });
    expect((await handle.describe()).status.name).toBe('RUNNING');
    expect((await flow.decide(await kit.actor('manager'), request.approvalId!, 'approve')).outcome).toBe('approved');
    expect(await handle.result()).toEqual({ status: 'APPROVED' });
    expect((await kit.prisma.workFromAnywhereRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe(
      'APPROVED',
    );
  });

  it('ends at once when the request is rejected through the leave API', async () => {
    await flow.setLeaveFlow([{ name: 'Manager', approver: 'manager' }]);
    const { requestId, approvalId, tenantId } = await flow.aliceAsks(5, 120);
    const handle = flow.handle(tenantId, approvalId);
    await waitFor('the approval workflow to start', async () => {
      try {
        return (await handle.describe()).status.name === 'RUNNING';
      } catch {
        return false;
      }
    });
    await decideRequest(
      kit.prisma,
      await kit.actor('manager'),
      requestId,
      { decision: 'reject' },
      {
        port: kit.port(),
        clock: testClock(),
      },
    );
    // Told through the leave workflow, which forwards the notice to its child.
    expect(await handle.result()).toEqual({ status: 'REJECTED' });
    expect(await approvalHandle(kit, tenantId, requestId).result()).toEqual({ status: 'REJECTED' });
  });
});

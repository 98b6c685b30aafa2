import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { Worker } from '@temporalio/worker';
import { cancelRequest } from '../../../engines/leave/cancelRequest';
import { createRequest } from '../../../engines/leave/createRequest';
import { decideRequest } from '../../../engines/leave/decideRequest';
import { leaveDaysText } from '../../../engines/leave/leaveSummary';
import { svcHrStatus, svcHrTenant } from '../../../workflows/searchAttributes';
import { getWorkflowBundle } from '../../../temporal/worker/workflowBundle';
import type { LeaveApprovalResult } from '../../../workflows/leaveApproval/messages';
import { waitFor } from '../../support/waitFor';
import { testClock } from '../../support/clock';
import { freeWorkingDay } from '../../support/leave';
import { approvalHandle, daysUntil, startLeaveKit, statusOf, waitForStatus, type LeaveKit } from './leaveKit';

/**
 * The leaveApproval workflow on the real dev server, with a worker in this process and a test time scale of
 * DAY_MS per leave day: requests are made and decided through the leave engine, the workflow moves them through
 * their dates, and the test watches the database.
 */
const DAY_MS = 2000;
let kit: LeaveKit;
let fullRunId: { tenantId: string; requestId: string } | undefined;

beforeAll(async () => {
  kit = await startLeaveKit({ dayMs: DAY_MS, inProcessWorker: true });
});

afterAll(async () => {
  await kit?.close();
});

describe('the leave approval workflow', () => {
  it('moves an approved request to IN_PROGRESS on its first day and to COMPLETED after its last', async () => {
    const alice = await kit.actor('alice');
    const port = kit.port();
    const day = await freeWorkingDay(kit.prisma, alice, 1);
    const k = await daysUntil(kit.prisma, alice.tenant.id, day);
    const createdAt = Date.now();
    const { request } = await createRequest(
      kit.prisma,
      alice,
      { start_date: day, end_date: day },
      { port, clock: testClock() },
    );
    expect(request).toMatchObject({ status: 'PENDING', workflowId: `leave/${alice.tenant.id}/${request.id}` });

    await decideRequest(
      kit.prisma,
      await kit.actor('manager'),
      request.id,
      { decision: 'approve' },
      { port, clock: testClock() },
    );
    const inProgressAt = await waitForStatus(kit.prisma, request.id, 'IN_PROGRESS', (k + 5) * DAY_MS);
    const completedAt = await waitForStatus(kit.prisma, request.id, 'COMPLETED', 5 * DAY_MS);

    // Durable timers never fire early: not before the first day's start, nor before the day after the last.
    expect(inProgressAt - createdAt).toBeGreaterThanOrEqual(k * DAY_MS);
    expect(completedAt - createdAt).toBeGreaterThanOrEqual((k + 1) * DAY_MS);
    const handle = approvalHandle(kit, alice.tenant.id, request.id);
    expect(await handle.result()).toEqual({ status: 'COMPLETED' } satisfies LeaveApprovalResult);
    const description = await handle.describe();
    expect(description.typedSearchAttributes.get(svcHrTenant)).toBe(alice.tenant.id);
    expect(description.typedSearchAttributes.get(svcHrStatus)).toBe('COMPLETED');
    expect(description.memo).toEqual({ tenantId: alice.tenant.id, requestId: request.id });
    // Operators read who, which leave and which days (engines/leave/leaveSummary.ts).
    expect(await description.staticSummary()).toBe(
      `Leave approval: ${alice.user.name}, Annual leave, ${leaveDaysText(day, day)} (1 working day)`,
    );
  });

  it('reminds the approver, then escalates to HR, while nobody decides; HR’s approval then runs the dates', async () => {
    const bob = await kit.actor('bob');
    const manager = await kit.actor('manager');
    const hr = await kit.actor('hr');
    const port = kit.port({ remindAfterMs: 1000, escalateAfterMs: 1000 });
    const day = await freeWorkingDay(kit.prisma, bob, 1);
    const { request } = await createRequest(
      kit.prisma,
      bob,
      { start_date: day, end_date: day },
      { port, clock: testClock() },
    );
    const notificationsOf = (kind: string) =>
      kit.prisma.notification.findMany({ where: { kind, data: { path: ['requestId'], equals: request.id } } });

    await waitFor('the reminder to the manager', async () => (await notificationsOf('leave.reminder')).length > 0);
    expect((await notificationsOf('leave.reminder')).map((n) => n.userId)).toEqual([manager.user.id]);
    await waitFor('the escalation to HR', async () => (await notificationsOf('leave.escalated')).length > 0);
    expect((await notificationsOf('leave.escalated')).map((n) => n.userId)).toContain(hr.user.id);
    const escalated = await kit.prisma.leaveRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect(escalated).toMatchObject({ status: 'PENDING', routedTo: 'HR', approverEmployeeId: null });
    expect(escalated.remindedAt).not.toBeNull();
    expect(escalated.escalatedAt!.getTime()).toBeGreaterThanOrEqual(escalated.remindedAt!.getTime() + 1000);

    await decideRequest(kit.prisma, hr, request.id, { decision: 'approve' }, { port, clock: testClock() });
    await waitForStatus(kit.prisma, request.id, 'IN_PROGRESS', 10 * DAY_MS);
    await waitForStatus(kit.prisma, request.id, 'COMPLETED', 5 * DAY_MS);
    expect(await approvalHandle(kit, bob.tenant.id, request.id).result()).toEqual({ status: 'COMPLETED' });
    // One reminder and one escalation, however many times the workflow looked at the request meanwhile.
    expect(await notificationsOf('leave.reminder')).toHaveLength(1);
    fullRunId = { tenantId: bob.tenant.id, requestId: request.id };
  });

  it('ends as soon as the approver rejects the request', async () => {
    const carol = await kit.actor('carol');
    const port = kit.port();
    const day = await freeWorkingDay(kit.prisma, carol, 1);
    const { request } = await createRequest(
      kit.prisma,
      carol,
      { start_date: day, end_date: day },
      { port, clock: testClock() },
    );

    await decideRequest(
      kit.prisma,
      await kit.actor('salesManager'),
      request.id,
      { decision: 'reject' },
      { port, clock: testClock() },
    );

    expect(await approvalHandle(kit, carol.tenant.id, request.id).result()).toEqual({ status: 'REJECTED' });
    expect(await statusOf(kit.prisma, request.id)).toBe('REJECTED');
    // A notice to a workflow that has ended is not an error: there is nothing left for it to do.
    await expect(port.notifyChanged({ tenantId: carol.tenant.id, requestId: request.id })).resolves.toBeUndefined();
  });

  it('ends when an approved request is cancelled before its first day, leaving it CANCELLED', async () => {
    const alice = await kit.actor('alice');
    const port = kit.port();
    // Far enough ahead (at least 10 scaled days) that the cancellation comes long before the first day.
    const day = await freeWorkingDay(kit.prisma, alice, 10);
    const { request } = await createRequest(
      kit.prisma,
      alice,
      { start_date: day, end_date: day },
      { port, clock: testClock() },
    );
    await decideRequest(
      kit.prisma,
      await kit.actor('manager'),
      request.id,
      { decision: 'approve' },
      { port, clock: testClock() },
    );
    const handle = approvalHandle(kit, alice.tenant.id, request.id);
    await waitFor('the workflow to sleep towards the first day', async () => {
      const { typedSearchAttributes } = await handle.describe();
      return typedSearchAttributes.get(svcHrStatus) === 'APPROVED';
    });

    await cancelRequest(kit.prisma, alice, request.id, { port, clock: testClock() });

    expect(await handle.result()).toEqual({ status: 'CANCELLED' });
    expect(await statusOf(kit.prisma, request.id)).toBe('CANCELLED');
  });

  it('replays the history of a completed run against the current workflow code', async () => {
    expect(fullRunId).toBeDefined();
    const history = await approvalHandle(kit, fullRunId!.tenantId, fullRunId!.requestId).fetchHistory();
    await Worker.runReplayHistory({ workflowBundle: await getWorkflowBundle() }, history);

    // `SVC_HR_RECORD_HISTORIES=1` keeps this history as a fixture of the unit replay test (docs/temporal.md).
    if (process.env.SVC_HR_RECORD_HISTORIES === '1') {
      const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
      const file = path.join(
        __dirname,
        '../../fixtures/histories',
        `leaveApproval-remind-escalate-complete-${day}.json`,
      );
      await writeFile(file, `${historyToJSON(history)}\n`);
    }
  });
});

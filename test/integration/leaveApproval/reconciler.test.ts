import { createRequest } from '../../../engines/leave/createRequest';
import { reconcileLeaveWorkflows } from '../../../temporal/worker/leaveReconciler';
import { svcHrStatus } from '../../../workflows/searchAttributes';
import { waitFor } from '../../support/waitFor';
import { testClock } from '../../support/clock';
import { approvalHandle, startLeaveKit, type LeaveKit } from './leaveKit';
import { freeWorkingDay } from '../../support/leave';

/**
 * The leave reconciler gives a workflow to every open request that has none: a request committed while Temporal
 * was unreachable (here: made by a process without Temporal, `port: null`, which leaves `workflowId` null the
 * same way), and the demo seed's requests, which are written without one.
 */
let kit: LeaveKit;

beforeAll(async () => {
  kit = await startLeaveKit({ dayMs: 60_000, inProcessWorker: true });
});

afterAll(async () => {
  await kit?.close();
});

const orphans = () =>
  kit.prisma.leaveRequest.count({
    where: { workflowId: null, status: { in: ['PENDING', 'APPROVED', 'IN_PROGRESS'] } },
  });

describe('the leave reconciler', () => {
  it('leaves alone a request young enough that its own start may still be under way', async () => {
    const alice = await kit.actor('alice');
    const day = await freeWorkingDay(kit.prisma, alice, 1);
    const { request } = await createRequest(
      kit.prisma,
      alice,
      { start_date: day, end_date: day },
      { port: null, clock: testClock() },
    );
    expect(request.workflowId).toBeNull();

    await reconcileLeaveWorkflows({ prisma: kit.prisma, port: kit.port(), graceMs: 60_000 });

    const stored = await kit.prisma.leaveRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect(stored.workflowId).toBeNull();
  });

  it('starts the workflow of every open request without one, which then reads its request', async () => {
    const before = await orphans();
    expect(before).toBeGreaterThan(0);
    const request = await kit.prisma.leaveRequest.findFirstOrThrow({
      where: { workflowId: null, status: 'PENDING' },
      orderBy: { createdAt: 'desc' },
    });

    const result = await reconcileLeaveWorkflows({ prisma: kit.prisma, port: kit.port(), graceMs: 0 });

    expect(result).toEqual({ started: before, failed: 0 });
    expect(await orphans()).toBe(0);
    const stored = await kit.prisma.leaveRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect(stored.workflowId).toBe(`leave/${request.tenantId}/${request.id}`);
    const handle = approvalHandle(kit, request.tenantId, request.id);
    await waitFor('the started workflow to read its pending request', async () => {
      const description = await handle.describe();
      return description.status.name === 'RUNNING' && description.typedSearchAttributes.get(svcHrStatus) === 'PENDING';
    });
  });

  it('starts nothing on the next pass, and a second start of a running workflow is harmless', async () => {
    expect(await reconcileLeaveWorkflows({ prisma: kit.prisma, port: kit.port(), graceMs: 0 })).toEqual({
      started: 0,
      failed: 0,
    });
    const request = await kit.prisma.leaveRequest.findFirstOrThrow({ where: { status: 'PENDING' } });
    const handle = approvalHandle(kit, request.tenantId, request.id);
    const { runId } = await handle.describe();

    const again = await kit.port().start({ tenantId: request.tenantId, requestId: request.id });

    expect(again).toEqual({ workflowId: `leave/${request.tenantId}/${request.id}` });
    expect((await handle.describe()).runId).toBe(runId);
  });
});

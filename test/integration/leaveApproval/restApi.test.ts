import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { leaveDaysText } from '../../../engines/leave/leaveSummary';
import { testTemporalAddress, testTemporalCli } from '../../support/temporalServer';
import { buildApp } from '../../../api/app';
import { testConfig } from '../../support/config';
import { bearer, tokenFor } from '../../support/identity';
import { startLeaveKit, waitForStatus, type LeaveKit } from './leaveKit';
import { freeWorkingDay } from '../../support/leave';

/**
 * The approval through the API as a user sees it: the app is built with the real Temporal port (as
 * `svc-hr api` builds it), so a request made with POST /leave/requests gets its workflow, and after
 * POST /leave/requests/{id}/decision the list shows it IN_PROGRESS and then COMPLETED.
 */
const DAY_MS = 2000;
let kit: LeaveKit;
let app: FastifyInstance;

beforeAll(async () => {
  kit = await startLeaveKit({ dayMs: DAY_MS, inProcessWorker: true });
  app = await buildApp({
    config: testConfig(),
    prisma: kit.prisma,
    readinessChecks: [],
    logger: false,
    leaveApproval: kit.port(),
  });
});

afterAll(async () => {
  await app?.close();
  await kit?.close();
});

describe('leave approval through the REST API', () => {
  it('runs a request made and approved over REST through IN_PROGRESS to COMPLETED', async () => {
    const alice = await kit.actor('alice');
    const day = await freeWorkingDay(kit.prisma, alice, 1);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/leave/requests',
      headers: bearer(await tokenFor(kit.prisma, 'alice')),
      payload: { start_date: day, end_date: day },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ data: { id: string } }>().data;
    const stored = await kit.prisma.leaveRequest.findUniqueOrThrow({ where: { id } });
    expect(stored.workflowId).toBe(`leave/${alice.tenant.id}/${id}`);

    const decided = await app.inject({
      method: 'POST',
      url: `/api/v1/leave/requests/${id}/decision`,
      headers: bearer(await tokenFor(kit.prisma, 'manager')),
      payload: { decision: 'approve' },
    });
    expect(decided.statusCode).toBe(200);

    await waitForStatus(kit.prisma, id, 'IN_PROGRESS', 10 * DAY_MS);
    await waitForStatus(kit.prisma, id, 'COMPLETED', 5 * DAY_MS);
    const listed = await app.inject({
      method: 'GET',
      url: '/api/v1/leave/requests?status=COMPLETED',
      headers: bearer(await tokenFor(kit.prisma, 'alice')),
    });
    expect(listed.json<{ data: { requests: Array<{ id: string; status: string }> } }>().data.requests).toContainEqual(
      expect.objectContaining({ id, status: 'COMPLETED' }),
    );
  });

  it('says who, which leave and which days in its summary, as `temporal workflow describe` shows it', async () => {
    const alice = await kit.actor('alice');
    const day = await freeWorkingDay(kit.prisma, alice, 2);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/leave/requests',
      headers: bearer(await tokenFor(kit.prisma, 'alice')),
      payload: { start_date: day, end_date: day },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ data: { id: string } }>().data;
    const { stdout } = await promisify(execFile)(await testTemporalCli(), [
      'workflow',
      'describe',
      '--address',
      testTemporalAddress(),
      '--workflow-id',
      `leave/${alice.tenant.id}/${id}`,
      '--output',
      'json',
    ]);
    const described = JSON.parse(stdout) as { executionConfig?: { userMetadata?: { summary?: unknown } } };
    expect(JSON.stringify(described.executionConfig?.userMetadata?.summary)).toContain(
      `Leave approval: ${alice.user.name}, Annual leave, ${leaveDaysText(day, day)} (1 working day)`,
    );
  });
});

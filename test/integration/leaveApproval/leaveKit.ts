import os from 'node:os';
import type { Worker } from '@temporalio/worker';
import type { Actor } from '../../../engines/access/actor';
import type { LeaveApprovalPort } from '../../../engines/leave/approvalPort';
import { todayIn, type IsoDate } from '../../../engines/leave/dates';
import type { LeaveStatus } from '../../../db/models';
import type { PrismaClient } from '../../../db/prismaClient';
import { authenticate } from '../../../engines/tokens/authenticate';
import { createActivities } from '../../../activities';
import { connectTemporal, type TemporalClientHandle } from '../../../temporal/connection';
import { createLeaveApprovalPort } from '../../../temporal/ports/leaveApprovalPort';
import { buildWorker } from '../../../temporal/worker/worker';
import { leaveApprovalWorkflowId } from '../../../workflows/leaveApproval/messages';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { seedDemoTenants, tokenFor, type DemoKey } from '../../support/identity';
import { testTemporalAddress, uniqueTaskQueue } from '../../support/temporalServer';
import { waitFor } from '../../support/waitFor';
import { spawnSvcHr, type SvcHrProcess } from '../../support/svcHrProcess';
import { testClock } from '../../support/clock';

/**
 * What the leave approval tests share: a fresh database with the demo tenants, a Temporal client on the run's dev
 * server, a task queue of their own, ports with the delays a test wants, and optionally a worker in this process
 * running the real workflow and activities (on the test time scale `dayMs`).
 */
export interface LeaveKit {
  db: TestDatabase;
  prisma: PrismaClient;
  temporal: TemporalClientHandle;
  taskQueue: string;
  /** A port to the workflows on this kit's task queue; delays default to an hour (no reminder during a test). */
  port(delays?: { remindAfterMs: number; escalateAfterMs: number }): LeaveApprovalPort;
  /** The demo person as the engines see them (authenticated through a real token). */
  actor(who: DemoKey): Promise<Actor>;
  close(): Promise<void>;
}

const HOUR = 3_600_000;

export async function startLeaveKit(opts: {
  dayMs: number;
  inProcessWorker: boolean;
  /** Approval Flows' time scale: ms per configured minute (default: a real minute). */
  minuteMs?: number;
}): Promise<LeaveKit> {
  const db = await createTestDatabase();
  await seedDemoTenants(db.prisma);
  const address = testTemporalAddress();
  const temporal = await connectTemporal({ address, namespace: 'default' });
  const taskQueue = uniqueTaskQueue('leave');
  let worker: Worker | undefined;
  let running: Promise<void> | undefined;
  if (opts.inProcessWorker) {
    worker = await buildWorker({
      connection: { address },
      namespace: 'default',
      taskQueue,
      activities: createActivities({
        prisma: db.prisma,
        identity: `test-${taskQueue}`,
        leave: { dayMs: opts.dayMs },
        approvals: { minuteMs: opts.minuteMs ?? 60_000 },
        clock: testClock(),
      }),
    });
    running = worker.run();
  }
  return {
    db,
    prisma: db.prisma,
    temporal,
    taskQueue,
    port: (delays = { remindAfterMs: HOUR, escalateAfterMs: HOUR }) =>
      createLeaveApprovalPort(temporal.client, { taskQueue, ...delays }),
    actor: async (who) => authenticate(db.prisma, await tokenFor(db.prisma, who)),
    close: async () => {
      if (worker?.getState() === 'RUNNING') worker.shutdown();
      await running;
      await temporal.close();
      await db.drop();
    },
  };
}

/** Days from today to `date` in the tenant's calendar: on the test time scale, how many `dayMs` until it begins. */
export async function daysUntil(prisma: PrismaClient, tenantId: string, date: IsoDate): Promise<number> {
  const { timeZone } = await prisma.tenant.findUniqueOrThrow({ where: { id: tenantId } });
  const today = todayIn(timeZone, testClock().now());
  return Math.round((Date.parse(date) - Date.parse(today)) / 86_400_000);
}

export async function statusOf(prisma: PrismaClient, requestId: string): Promise<LeaveStatus | undefined> {
  return (await prisma.leaveRequest.findUnique({ where: { id: requestId }, select: { status: true } }))?.status;
}

/** Polls the request's status until it is `status`; answers the instant it was seen (ms since the epoch). */
export async function waitForStatus(
  prisma: PrismaClient,
  requestId: string,
  status: LeaveStatus,
  timeoutMs = 30_000,
): Promise<number> {
  await waitFor(
    `leave request ${requestId} to be ${status}`,
    async () => (await statusOf(prisma, requestId)) === status,
    {
      timeoutMs,
      intervalMs: 50,
    },
  );
  return Date.now();
}

/** The handle of a request's approval workflow. */
export function approvalHandle(kit: LeaveKit, tenantId: string, requestId: string) {
  return kit.temporal.client.workflow.getHandle(leaveApprovalWorkflowId(tenantId, requestId));
}

/**
 * Starts `svc-hr worker` (the built CLI, `npm run build` first) on the kit's database and task queue, with `env`
 * on top; resolves once it polls (its heartbeat row), with the identity its workflow tasks carry.
 */
export async function startWorkerProcess(
  kit: LeaveKit,
  env: Record<string, string>,
): Promise<{ proc: SvcHrProcess; identity: string }> {
  const proc = await spawnSvcHr('worker', {
    DATABASE_URL: kit.db.url,
    TEMPORAL_ADDRESS: testTemporalAddress(),
    TEMPORAL_TASK_QUEUE: kit.taskQueue,
    SVC_HR_WORKER_HEARTBEAT_SECONDS: '1',
    ...env,
  });
  const identity = `${proc.child.pid}@${os.hostname()}/${kit.taskQueue}`;
  try {
    await waitFor(
      `worker ${identity} to poll`,
      async () => (await kit.prisma.workerHeartbeat.findUnique({ where: { id: identity } })) !== null,
      { timeoutMs: 60_000, intervalMs: 100 },
    );
  } catch (error) {
    proc.killGroup('SIGKILL');
    throw new Error(`${(error as Error).message}\n--- worker output ---\n${proc.output()}`, { cause: error });
  }
  return { proc, identity };
}

import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { NativeConnection, type Worker } from '@temporalio/worker';
import { createActivities } from '../../../activities';
import { buildWorker } from '../../../temporal/worker/worker';
import { hasLiveWorker, startWorkerHeartbeat } from '../../../temporal/worker/workerHeartbeat';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { testTemporalAddress, uniqueTaskQueue } from '../../support/temporalServer';
import { waitFor } from '../../support/waitFor';
import { systemClock } from '../../../engines/clock';

/** Worker liveness as /readyz sees it: heartbeat rows of real workers on the real Temporal server. */
let db: TestDatabase;
let connection: NativeConnection;

beforeAll(async () => {
  db = await createTestDatabase();
  connection = await NativeConnection.connect({ address: testTemporalAddress() });
});

afterAll(async () => {
  await connection?.close();
  await db?.drop();
});

async function startedWorker(taskQueue: string, identity: string): Promise<{ worker: Worker; running: Promise<void> }> {
  const worker = await buildWorker({
    connection,
    namespace: 'default',
    taskQueue,
    identity,
    activities: createActivities({ prisma: db.prisma, identity, leave: { dayMs: undefined }, clock: systemClock }),
  });
  return { worker, running: worker.run() };
}

const row = (identity: string) => db.prisma.workerHeartbeat.findUnique({ where: { id: identity } });

describe('the worker heartbeat', () => {
  it('keeps a row while the worker runs, and removes it when the worker shuts down and the heartbeat stops', async () => {
    const taskQueue = uniqueTaskQueue('heartbeat');
    const identity = `heartbeat-worker-${randomUUID().slice(0, 8)}`;
    const { worker, running } = await startedWorker(taskQueue, identity);
    const heartbeat = startWorkerHeartbeat({ prisma: db.prisma, worker, identity, taskQueue, intervalSeconds: 1 });

    await waitFor('the heartbeat row', async () => (await row(identity)) !== null);
    expect(await row(identity)).toMatchObject({ taskQueue, hostname: os.hostname(), pid: process.pid });
    expect(await hasLiveWorker(db.prisma, taskQueue, 5)).toBe(true);
    const first = (await row(identity))?.lastSeenAt.getTime() ?? 0;
    await waitFor('a second beat', async () => ((await row(identity))?.lastSeenAt.getTime() ?? 0) > first);

    worker.shutdown();
    await running;
    await heartbeat.stop();

    expect(await hasLiveWorker(db.prisma, taskQueue, 5)).toBe(false);
    expect(await row(identity)).toBeNull();
  });

  it('removes the row within one interval when the worker stops before the heartbeat is stopped', async () => {
    const taskQueue = uniqueTaskQueue('heartbeat-stopped');
    const identity = `heartbeat-worker-${randomUUID().slice(0, 8)}`;
    const { worker, running } = await startedWorker(taskQueue, identity);
    const heartbeat = startWorkerHeartbeat({ prisma: db.prisma, worker, identity, taskQueue, intervalSeconds: 1 });
    try {
      await waitFor('the heartbeat row', async () => (await row(identity)) !== null);

      worker.shutdown();
      await running;

      await waitFor('the row to go', async () => !(await hasLiveWorker(db.prisma, taskQueue, 5)), { timeoutMs: 5000 });
    } finally {
      await heartbeat.stop();
    }
  });

  it('does not count a worker whose last beat is older than the stale limit (a killed worker)', async () => {
    const taskQueue = uniqueTaskQueue('heartbeat-stale');
    const thirtySecondsAgo = new Date(Date.now() - 30_000);
    await db.prisma.workerHeartbeat.create({
      data: {
        id: `killed-${randomUUID().slice(0, 8)}`,
        taskQueue,
        hostname: 'gone',
        pid: 1,
        startedAt: thirtySecondsAgo,
        lastSeenAt: thirtySecondsAgo,
      },
    });

    expect(await hasLiveWorker(db.prisma, taskQueue, 15)).toBe(false);
    expect(await hasLiveWorker(db.prisma, taskQueue, 60)).toBe(true);
  });

  it('does not count a live worker of another task queue', async () => {
    const now = new Date();
    await db.prisma.workerHeartbeat.create({
      data: {
        id: `other-${randomUUID().slice(0, 8)}`,
        taskQueue: uniqueTaskQueue('other'),
        hostname: 'h',
        pid: 1,
        startedAt: now,
        lastSeenAt: now,
      },
    });

    expect(await hasLiveWorker(db.prisma, uniqueTaskQueue('mine'), 15)).toBe(false);
  });
});

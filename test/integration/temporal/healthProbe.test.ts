import { randomUUID } from 'node:crypto';
import { NativeConnection, type Worker } from '@temporalio/worker';
import { createActivities } from '../../../activities';
import { connectTemporal, type TemporalClientHandle } from '../../../temporal/connection';
import { buildWorker } from '../../../temporal/worker/worker';
import type { healthProbe } from '../../../workflows';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { testTemporalAddress, uniqueTaskQueue } from '../../support/temporalServer';
import { systemClock } from '../../../engines/clock';

/** The health probe through the real Temporal server, a real worker and the real database. */
const address = testTemporalAddress();
let db: TestDatabase;
let temporal: TemporalClientHandle;

beforeAll(async () => {
  db = await createTestDatabase();
  temporal = await connectTemporal({ address, namespace: 'default' });
});

afterAll(async () => {
  await temporal?.close();
  await db?.drop();
});

/** Runs `fn` while `worker` polls, then shuts it down and waits until it has stopped. */
async function whileRunning<T>(worker: Worker, fn: () => Promise<T>): Promise<T> {
  const running = worker.run();
  try {
    return await fn();
  } finally {
    worker.shutdown();
    await running;
  }
}

const probe = (taskQueue: string) =>
  temporal.client.workflow.execute<typeof healthProbe>('healthProbe', {
    taskQueue,
    workflowId: `health-probe/${randomUUID()}`,
  });

describe('the healthProbe workflow', () => {
  it('returns the database time and the identity of the worker that read it', async () => {
    const taskQueue = uniqueTaskQueue('health-probe');
    const identity = `probe-worker-${randomUUID().slice(0, 8)}`;
    const connection = await NativeConnection.connect({ address });
    try {
      const worker = await buildWorker({
        connection,
        namespace: 'default',
        taskQueue,
        identity,
        activities: createActivities({ prisma: db.prisma, identity, leave: { dayMs: undefined }, clock: systemClock }),
      });
      const before = Date.now();
      const result = await whileRunning(worker, () => probe(taskQueue));

      expect(result.workerIdentity).toBe(identity);
      expect(result.databaseTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      // The database runs on this machine: its clock agrees with ours to well within a minute.
      expect(Math.abs(Date.parse(result.databaseTime) - before)).toBeLessThan(60_000);
    } finally {
      await connection.close();
    }
  });

  it('runs on a worker built from an address, which closes its own connection when it stops', async () => {
    const taskQueue = uniqueTaskQueue('health-probe-address');
    const worker = await buildWorker({
      connection: { address },
      namespace: 'default',
      taskQueue,
      activities: createActivities({
        prisma: db.prisma,
        identity: 'by-address',
        leave: { dayMs: undefined },
        clock: systemClock,
      }),
    });

    const result = await whileRunning(worker, () => probe(taskQueue));

    expect(result.workerIdentity).toBe('by-address');
    expect(worker.getState()).toBe('STOPPED');
    // The worker closed the connection it opened: a call on it is refused.
    await expect(
      worker.connection?.workflowService.getSystemInfo({}) ?? Promise.reject(new Error('no connection')),
    ).rejects.toThrow();
  });
});

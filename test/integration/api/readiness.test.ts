import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../api/app';
import { readinessChecksFor } from '../../../cli/runtime/apiServer';
import { startWorker, type WorkerHandle } from '../../../cli/runtime/worker';
import { connectTemporal, type TemporalClientHandle } from '../../../temporal/connection';
import { testConfig } from '../../support/config';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { testTemporalAddress, uniqueTaskQueue } from '../../support/temporalServer';
import { waitFor } from '../../support/waitFor';

/** /readyz against the real database, the real Temporal server and a real worker on its own task queue. */
let db: TestDatabase;
let temporal: TemporalClientHandle;
let app: FastifyInstance;
let worker: WorkerHandle | undefined;
const address = testTemporalAddress();
const config = testConfig({
  TEMPORAL_ADDRESS: address,
  TEMPORAL_TASK_QUEUE: uniqueTaskQueue('readiness'),
  SVC_HR_WORKER_HEARTBEAT_SECONDS: '1',
  SVC_HR_WORKER_STALE_SECONDS: '5',
});
const log = () => {};

beforeAll(async () => {
  db = await createTestDatabase();
  temporal = await connectTemporal({ address, namespace: config.temporal.namespace });
  app = await buildApp({
    config,
    prisma: db.prisma,
    readinessChecks: readinessChecksFor(config, db.prisma, temporal),
    logger: false,
  });
});

afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await temporal?.close();
  await db?.drop();
});

const readyz = () => app.inject({ method: 'GET', url: '/readyz' });

describe('GET /readyz', () => {
  it('answers 503 naming the worker while no worker polls the task queue', async () => {
    const res = await readyz();
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('unavailable');
    expect(res.json().error.message).toMatch(/worker \(no worker polls task queue readiness-/);
    expect(res.json().error.details.checks).toMatchObject({
      database: { ok: true },
      temporal: { ok: true },
      worker: { ok: false },
    });
  });

  it('answers 200 once a worker runs', async () => {
    worker = await startWorker(config, db.prisma, address, log);
    await waitFor('readiness', async () => (await readyz()).statusCode === 200);
    expect((await readyz()).json()).toEqual({
      data: {
        status: 'ready',
        checks: { database: { ok: true }, temporal: { ok: true }, worker: { ok: true }, audit: { ok: true } },
      },
    });
  });

  it('turns 503 as soon as the worker stops', async () => {
    await worker!.stop();
    worker = undefined;
    const res = await readyz();
    expect(res.statusCode).toBe(503);
    expect(res.json().error.details.checks.worker.ok).toBe(false);
  });

  it('answers 503 naming temporal when the namespace does not exist', async () => {
    const other = testConfig({ TEMPORAL_ADDRESS: address, TEMPORAL_NAMESPACE: 'no-such-namespace' });
    const otherApp = await buildApp({
      config: other,
      prisma: db.prisma,
      readinessChecks: readinessChecksFor(other, db.prisma, temporal),
      logger: false,
    });
    const res = await otherApp.inject({ method: 'GET', url: '/readyz' });
    await otherApp.close();
    expect(res.statusCode).toBe(503);
    expect(res.json().error.details.checks.temporal.ok).toBe(false);
  });
});

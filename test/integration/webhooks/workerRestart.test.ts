import os from 'node:os';
import { authenticate } from '../../../engines/tokens/authenticate';
import { webhookDeliveryWorkflowId } from '../../../workflows/webhookDelivery/messages';
import { spawnSvcHr, type SvcHrProcess } from '../../support/svcHrProcess';
import { tokenFor } from '../../support/identity';
import { waitFor } from '../../support/waitFor';
import { freeWorkingDay } from '../../support/leave';
import { startReceiver, type TestReceiver } from './receiver';
import { startWebhookKit, type WebhookKit } from './webhookKit';

/**
 * A delivery survives its worker: the worker (and its webhook dispatcher) runs as a real `svc-hr worker` process
 * (the built CLI, `npm run build` first), is killed with SIGKILL while the delivery waits between two attempts of
 * its retry schedule, and a new worker process delivers it, exactly once, under the same webhook-id.
 */
let kit: WebhookKit;
let receiver: TestReceiver;
const workers: SvcHrProcess[] = [];

beforeAll(async () => {
  // Long enough a wait after the failed first attempt to kill the worker in the middle of it.
  kit = await startWebhookKit({ inProcessWorker: false, schedule: '0,4s,1s,1s,1s' });
  receiver = await startReceiver();
});

afterAll(async () => {
  for (const worker of workers) {
    worker.killGroup('SIGKILL');
    await worker.exited;
  }
  await receiver?.close();
  await kit?.close();
});

/** Starts `svc-hr worker` on the kit's database, queue and secrets key; resolves once it polls. */
async function startWorkerProcess(): Promise<SvcHrProcess> {
  const proc = await spawnSvcHr('worker', kit.workerEnv);
  workers.push(proc);
  const identity = `${proc.child.pid}@${os.hostname()}/${kit.taskQueue}`;
  await waitFor(
    `worker ${identity} to poll`,
    async () => (await kit.db.prisma.workerHeartbeat.findUnique({ where: { id: identity } })) !== null,
    { timeoutMs: 60_000, intervalMs: 100 },
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n--- worker output ---\n${proc.output()}`, { cause: error });
  });
  return proc;
}

describe('a webhook delivery across a worker restart', () => {
  it('is delivered exactly once by a new worker after the first was killed during the retry wait', async () => {
    const first = await startWorkerProcess();
    const hook = await kit.createWebhook('alice', receiver.url, ['leave_request.created']);
    receiver.secrets.push(hook.secret);
    receiver.down(1, 503);
    const alice = await authenticate(kit.db.prisma, await tokenFor(kit.db.prisma, 'alice', ['leave:read']));
    const day = await freeWorkingDay(kit.db.prisma, alice, 45);
    const created = await kit.call('alice', 'POST', '/api/v1/leave/requests', {
      start_date: day,
      policy: 'Unpaid leave',
    });
    expect(created.statusCode).toBe(201);

    const [failed] = await kit.waitForDeliveries(
      'alice',
      hook.id,
      'a failed first attempt',
      (d) => d[0]?.attempts.length === 1,
    );
    expect(failed!.status).toBe('pending');
    // The attempt is recorded before its activity reports back to Temporal: kill only once Temporal holds the
    // result, so that the kill lands in the retry wait and not inside the attempt (seen under CI load).
    const handle = kit.temporal.client.workflow.getHandle(webhookDeliveryWorkflowId(alice.tenant.id, failed!.id));
    await waitFor(
      'the first attempt to be completed in Temporal',
      async () => ((await handle.describe()).raw.pendingActivities ?? []).length === 0,
      { timeoutMs: 60_000, intervalMs: 50 },
    );
    first.killGroup('SIGKILL');
    await first.exited;
    expect(receiver.requests).toHaveLength(1);

    await startWorkerProcess();
    const [delivery] = await kit.waitForDeliveries('alice', hook.id, 'succeeded', (d) => d[0]?.status === 'succeeded');
    expect(delivery!.attempts.map((a) => [a.number, a.statusCode])).toEqual([
      [1, 503],
      [2, 204],
    ]);
    expect(receiver.processed.size).toBe(1);
    expect(receiver.duplicates).toBe(0);
    expect(receiver.requests.map((q) => q.id)).toEqual([delivery!.id, delivery!.id]);
  });
});

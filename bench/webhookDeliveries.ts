/**
 * Webhook deliveries per second to a local receiver through the real path: outbox rows committed as the engines
 * write them, the dispatcher starting one webhookDelivery workflow each on a Temporal dev server, and the worker's
 * attempt activity signing, POSTing and recording each. Baseline, measured in the same run: the same number of
 * signed POSTs of the same bodies sent directly with fetch, with as many in flight as the worker runs activities;
 * and, as the floor Temporal sets on this machine, the same number of one-activity workflows (healthProbe) started
 * `concurrency` at a time and run to completion on the same worker.
 *
 *   npx tsx bench/webhookDeliveries.ts [deliveries=500] [concurrency=16]
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { createActivities } from '../activities';
import { loadSecretBox } from '../engines/secrets/secretBox';
import { webhookSecretBinding } from '../engines/webhooks/webhooks';
import { enqueueWebhookEvent } from '../engines/webhooks/outbox';
import { generateWebhookSecret, signWebhook } from '../engines/webhooks/signature';
import { connectTemporal } from '../temporal/connection';
import { startDevServer } from '../temporal/devServer/devServer';
import { createWebhookDeliveryPort } from '../temporal/ports/webhookDeliveryPort';
import { startWebhookDispatcher } from '../temporal/worker/webhookDispatcher';
import { buildWorker } from '../temporal/worker/worker';
import { seedDemo } from '../prisma/seed';
import { testTemporalCli } from '../test/support/temporalServer';
import { percentile, printTable } from './report';
import { benchDatabase } from './support';
import { systemClock } from '../engines/clock';

/** A receiver that answers 204 to every POST and counts them: the same for both measurements. */
async function startCountingReceiver(): Promise<{ url: string; count(): number; close(): Promise<void> }> {
  let received = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.statusCode = 204;
      res.end();
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    count: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 500);
  const concurrency = Number(process.argv[3] ?? 16);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-hr-bench-webhooks-'));
  const server = await startDevServer({
    binary: await testTemporalCli(),
    dbFile: path.join(dir, 'temporal.db'),
    port: 0,
    uiPort: 0,
    headless: true,
    namespace: 'default',
    log: () => {},
    output: () => {},
  });
  const db = await benchDatabase('webhooks', 20);
  const receiver = await startCountingReceiver();
  const temporal = await connectTemporal({ address: server.address, namespace: 'default' });
  const taskQueue = `bench-webhooks-${randomUUID()}`;
  const box = loadSecretBox({ key: randomBytes(32).toString('base64'), dataDir: dir });
  try {
    const { prisma } = db;
    await seedDemo(prisma, { clock: systemClock });
    const alice = await prisma.user.findFirstOrThrow({ where: { email: 'alice@acme.test' } });
    const { secret, hint } = generateWebhookSecret();
    const webhookId = randomUUID();
    await prisma.agentWebhook.create({
      data: {
        id: webhookId,
        tenantId: alice.tenantId,
        createdByUserId: alice.id,
        url: receiver.url,
        events: ['run.completed'],
        status: 'enabled',
        secretCiphertext: box.seal(secret, webhookSecretBinding({ tenantId: alice.tenantId, id: webhookId })),
        secretHint: hint,
      },
    });
    const body = (n: number) => ({ runId: randomUUID(), threadId: randomUUID(), runStatus: 'completed', n });

    // Baseline: signed POSTs straight from this process, `concurrency` in flight.
    const direct = async (n: number) => {
      const text = JSON.stringify({ type: 'run.completed', timestamp: new Date().toISOString(), data: body(n) });
      const id = randomUUID();
      const timestampSeconds = Math.floor(Date.now() / 1000);
      const res = await fetch(receiver.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': id,
          'webhook-timestamp': String(timestampSeconds),
          'webhook-signature': signWebhook([secret], { id, timestampSeconds, body: text }),
        },
        body: text,
      });
      await res.arrayBuffer();
    };
    let next = 0;
    const baselineStart = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < count) await direct(next++);
      }),
    );
    const baseline = count / ((performance.now() - baselineStart) / 1000);

    // The real path: worker + dispatcher in this process.
    const worker = await buildWorker({
      connection: { address: server.address },
      namespace: 'default',
      taskQueue,
      activities: createActivities({
        prisma,
        identity: 'bench',
        leave: { dayMs: undefined },
        clock: systemClock,
        webhooks: { box, timeoutMs: 15_000, allowPrivateNetwork: true },
      }),
    });
    const running = worker.run();
    const probeHandles: Array<Promise<unknown>> = [];
    const dispatcher = startWebhookDispatcher({
      prisma,
      port: createWebhookDeliveryPort(temporal.client, { taskQueue, retryScheduleMs: [0, 5_000], timeoutMs: 15_000 }),
      intervalMs: 1_000,
      listenUrl: db.url,
      concurrency,
      onError: (error) => console.error(error),
    });
    // Temporal's floor: a workflow with one trivial activity per delivery, started the way the dispatcher starts.
    let probes = 0;
    const probeStart = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (probes < count) {
          const n = probes++;
          const handle = await temporal.client.workflow.start('healthProbe', { taskQueue, workflowId: `probe-${n}` });
          probeHandles.push(handle.result());
        }
      }),
    );
    await Promise.all(probeHandles);
    const probeRate = count / ((performance.now() - probeStart) / 1000);

    const before = receiver.count();
    const started = performance.now();
    // One committed transaction per event, as the engines write them.
    let queued = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (queued < count) {
          const n = queued++;
          await prisma.$transaction((tx) =>
            enqueueWebhookEvent(tx, {
              tenantId: alice.tenantId,
              type: 'run.completed',
              audience: { userId: alice.id },
              data: body(n),
            }),
          );
        }
      }),
    );
    await until(async () => (await prisma.webhookDelivery.count({ where: { status: 'succeeded' } })) >= count, 600_000);
    const workflows = count / ((performance.now() - started) / 1000);
    // From the commit of the outbox row to the attempt that delivered it.
    const latencies = (
      await prisma.$queryRaw<Array<{ ms: number }>>`
        SELECT extract(epoch from (a.attempted_at - d.created_at)) * 1000 AS ms
        FROM webhook_deliveries d JOIN webhook_attempts a ON a.delivery_id = d.id`
    ).map((r) => Number(r.ms));
    if (receiver.count() - before !== count) throw new Error(`receiver got ${receiver.count() - before} of ${count}`);
    await dispatcher.stop();
    worker.shutdown();
    await running;

    printTable(`webhook deliveries per second, ${count} deliveries, ${concurrency} in flight`, [
      ['signed POST with fetch, direct (baseline)', baseline, 1],
      ['one-activity workflow per delivery (Temporal floor)', probeRate, probeRate / baseline],
      ['outbox → dispatcher → webhookDelivery workflow', workflows, workflows / baseline],
    ]);
    console.log(`  webhook path / Temporal floor: ${(workflows / probeRate).toFixed(2)}`);
    console.log(
      `  commit to delivery: p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms`,
    );
  } finally {
    await temporal.close();
    await receiver.close();
    await db.drop();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

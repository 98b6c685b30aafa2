import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { Worker } from '@temporalio/worker';
import { Webhook } from 'standardwebhooks';
import { authenticate } from '../../../engines/tokens/authenticate';
import { getWorkflowBundle } from '../../../temporal/worker/workflowBundle';
import { tokenFor, type DemoKey } from '../../support/identity';
import { waitFor } from '../../support/waitFor';
import { freeWorkingDay } from '../../support/leave';
import { startReceiver, type TestReceiver } from './receiver';
import { startWebhookKit, type WebhookKit } from './webhookKit';

/**
 * Deliveries through the real path: a change commits its outbox rows, the dispatcher starts a webhookDelivery
 * workflow on the real Temporal server, and its attempts reach a real HTTP receiver that verifies them with the
 * `standardwebhooks` package. Retry schedule 0, 200 ms, 400 ms, 800 ms, 1 s (five attempts).
 */
let kit: WebhookKit;
const receivers: TestReceiver[] = [];
/** The workflow id of the delivery that needed three attempts: its history is replayed (and may be recorded). */
let retriedWorkflowId: string | undefined;

beforeAll(async () => {
  kit = await startWebhookKit();
});
afterAll(async () => {
  for (const r of receivers) await r.close();
  await kit?.close();
});

async function receiver(): Promise<TestReceiver> {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}

/** A leave request of `who` on a free working day, through the API; answers its id. */
async function requestLeave(who: DemoKey, policy = 'Unpaid leave'): Promise<string> {
  const actor = await authenticate(kit.db.prisma, await tokenFor(kit.db.prisma, who, ['leave:read'], { name: 'day' }));
  const day = await freeWorkingDay(kit.db.prisma, actor, 60);
  const res = await kit.call(who, 'POST', '/api/v1/leave/requests', { start_date: day, policy });
  if (res.statusCode !== 201) throw new Error(`create_leave_request answered ${res.statusCode}: ${res.body}`);
  return res.json<{ data: { id: string } }>().data.id;
}

describe('webhook deliveries', () => {
  it('signs a leave request event so that standardwebhooks verifies it, for every webhook that may see it', async () => {
    const r = await receiver();
    const alices = await kit.createWebhook('alice', r.url, ['leave_request.created']);
    const managers = await kit.createWebhook('manager', r.url, ['leave_request.created']);
    const bobs = await kit.createWebhook('bob', r.url, ['leave_request.created']);
    const alicesOther = await kit.createWebhook('alice', r.url, ['leave_request.cancelled']);
    r.secrets.push(alices.secret, managers.secret, bobs.secret, alicesOther.secret);

    const requestId = await requestLeave('alice');
    const mine = await kit.waitForDeliveries('alice', alices.id, 'succeeded', (d) => d[0]?.status === 'succeeded');
    const managerSees = await kit.waitForDeliveries('manager', managers.id, 'one', (d) => d[0]?.status === 'succeeded');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.payload).toMatchObject({ type: 'leave_request.created', data: { request: { id: requestId } } });
    expect(managerSees[0]!.payload.data).toMatchObject({ request: { id: requestId, status: 'PENDING' } });
    // Bob (a colleague, not a manager of Alice) may not see her request; the other webhook did not subscribe.
    expect(await kit.db.prisma.webhookDelivery.count({ where: { webhookId: { in: [bobs.id, alicesOther.id] } } })).toBe(
      0,
    );

    const got = r.requests.filter((q) => q.id === mine[0]!.id);
    expect(got).toHaveLength(1);
    expect(got[0]!.status).toBe(204);
    // Verified by the standardwebhooks package with Alice's secret only (index 0).
    expect(got[0]!.verifiedBy).toEqual([0]);
    expect(r.processed.get(mine[0]!.id)).toEqual(mine[0]!.payload);
    expect(mine[0]!.attempts).toEqual([expect.objectContaining({ number: 1, outcome: 'succeeded', statusCode: 204 })]);
  });

  it('retries a receiver that is down and delivers exactly once, with the same webhook-id on every attempt', async () => {
    const r = await receiver();
    const hook = await kit.createWebhook('alice', r.url, ['leave_request.created']);
    r.secrets.push(hook.secret);
    r.down(2, 503);

    await requestLeave('alice');
    const [delivery] = await kit.waitForDeliveries('alice', hook.id, 'succeeded', (d) => d[0]?.status === 'succeeded');
    expect(delivery!.attempts.map((a) => [a.number, a.outcome, a.statusCode])).toEqual([
      [1, 'failed', 503],
      [2, 'failed', 503],
      [3, 'succeeded', 204],
    ]);
    expect(delivery!.attempts.every((a) => a.latencyMs >= 0)).toBe(true);
    expect(delivery!.attempts[0]!.error).toBe('HTTP 503');
    expect(r.requests.map((q) => q.id)).toEqual([delivery!.id, delivery!.id, delivery!.id]);
    expect(r.processed.size).toBe(1);
    expect(r.duplicates).toBe(0);
    // Re-signed for each attempt: every one carries a signature the package accepts for its own timestamp.
    for (const q of r.requests) expect(() => new Webhook(hook.secret).verify(q.body, q.headers as never)).not.toThrow();
    expect(delivery!.attemptCount).toBe(3);
    const { tenantId } = await kit.db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery!.id } });
    retriedWorkflowId = `webhook/${tenantId}/${delivery!.id}`;

    // The receiver's webhook-id finds the delivery; another user's lookup answers 404 as if it did not exist.
    const one = await kit.call('alice', 'GET', `/api/v1/agent/webhooks/${hook.id}/deliveries/${r.requests[0]!.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json<{ data: { delivery: unknown } }>().data.delivery).toEqual(delivery);
    const bobs = await kit.call('bob', 'GET', `/api/v1/agent/webhooks/${hook.id}/deliveries/${delivery!.id}`);
    expect(bobs.statusCode).toBe(404);
  });

  it('retries a receiver that refuses connections, then reaches it when it is back on the same port', async () => {
    const first = await receiver();
    const { port } = first;
    const hook = await kit.createWebhook('alice', first.url, ['leave_request.created']);
    await first.close();
    receivers.splice(receivers.indexOf(first), 1);

    await requestLeave('alice');
    await kit.waitForDeliveries('alice', hook.id, 'a refused attempt', (d) => (d[0]?.attempts.length ?? 0) >= 1);
    const back = await startReceiver(port);
    receivers.push(back);
    back.secrets.push(hook.secret);
    const [delivery] = await kit.waitForDeliveries('alice', hook.id, 'done', (d) =>
      ['succeeded', 'failed'].includes(d[0]?.status ?? ''),
    );
    expect(delivery!.status).toBe('succeeded');
    expect(delivery!.attempts[0]!.error).toMatch(/ECONNREFUSED/);
    expect(delivery!.attempts[0]!.statusCode).toBeUndefined();
    expect(back.processed.size).toBe(1);
  });

  it('gives up after the last attempt of the schedule and records it as failed', async () => {
    const r = await receiver();
    const hook = await kit.createWebhook('alice', r.url, ['leave_request.created']);
    r.secrets.push(hook.secret);
    r.down(10, 500);
    await requestLeave('alice');
    const [delivery] = await kit.waitForDeliveries('alice', hook.id, 'failed', (d) => d[0]?.status === 'failed');
    expect(delivery!.attempts).toHaveLength(5);
    expect(r.processed.size).toBe(0);
    const row = await kit.db.prisma.agentWebhook.findUniqueOrThrow({ where: { id: hook.id } });
    expect(row.status).toBe('enabled');
  });

  it('disables the webhook when the endpoint answers 410, and sends it nothing more', async () => {
    const r = await receiver();
    const hook = await kit.createWebhook('alice', r.url, ['leave_request.created']);
    r.secrets.push(hook.secret);
    r.down(1, 410);
    await requestLeave('alice');
    const [delivery] = await kit.waitForDeliveries('alice', hook.id, 'gone', (d) => d[0]?.status === 'failed');
    expect(delivery!.attempts).toEqual([expect.objectContaining({ number: 1, outcome: 'gone', statusCode: 410 })]);
    const got = await kit.call('alice', 'GET', `/api/v1/agent/webhooks/${hook.id}`);
    expect(got.json<{ data: { webhook: object } }>().data.webhook).toMatchObject({
      status: 'disabled',
      disabledReason: 'gone',
    });
    await requestLeave('alice');
    expect(await kit.db.prisma.webhookDelivery.count({ where: { webhookId: hook.id } })).toBe(1);
    expect(r.requests).toHaveLength(1);

    // The integrator fixes the endpoint and enables the webhook: the next event arrives, with the same secret.
    const enabled = await kit.call('alice', 'POST', `/api/v1/agent/webhooks/${hook.id}/enable`);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json<{ data: { webhook: { status: string } } }>().data.webhook.status).toBe('enabled');
    await requestLeave('alice');
    await kit.waitForDeliveries('alice', hook.id, 'delivered', (d) => d[0]?.status === 'succeeded');
    expect(r.processed.size).toBe(1);
  });

  it('lets a receiver refuse a replay and a stale or altered timestamp', async () => {
    const r = await receiver();
    const hook = await kit.createWebhook('alice', r.url, ['leave_request.created']);
    r.secrets.push(hook.secret);
    await requestLeave('alice');
    await kit.waitForDeliveries('alice', hook.id, 'succeeded', (d) => d[0]?.status === 'succeeded');
    const original = r.requests[0]!;

    // A replay of the very message: verified, recognised by its webhook-id, not processed twice.
    expect(await r.replay(original)).toBe(200);
    expect(r.duplicates).toBe(1);
    expect(r.processed.size).toBe(1);
    // The same signature with a fresh timestamp: the signature covers the timestamp, so it no longer matches.
    const fresh = String(Math.floor(Date.now() / 1000) + 1);
    expect(await r.replay(original, { 'webhook-timestamp': fresh })).toBe(400);
    expect(r.requests.at(-1)!.error).toMatch(/No matching signature/);
    // A message correctly signed, but 10 minutes old: stale, refused by the package's tolerance.
    const old = new Date(Date.now() - 10 * 60_000);
    const staleSignature = new Webhook(hook.secret).sign(`${original.id}-2`, old, original.body);
    const stale = await r.replay(
      { ...original, id: `${original.id}-2` },
      { 'webhook-timestamp': String(Math.floor(old.getTime() / 1000)), 'webhook-signature': staleSignature },
    );
    expect(stale).toBe(400);
    expect(r.requests.at(-1)!.error).toMatch(/too old/);
    expect(r.processed.size).toBe(1);
  });

  it('signs with both secrets during a rotation overlap, and with the new one only after it', async () => {
    const r = await receiver();
    const hook = await kit.createWebhook('alice', r.url, ['leave_request.created']);
    const rotated = await kit.call('alice', 'POST', `/api/v1/agent/webhooks/${hook.id}/rotate-secret`, {
      overlapSeconds: 3600,
    });
    const fresh = rotated.json<{ data: { webhook: { secret: string } } }>().data.webhook.secret;
    r.secrets.push(hook.secret, fresh);

    await requestLeave('alice');
    await kit.waitForDeliveries('alice', hook.id, 'one', (d) => d[0]?.status === 'succeeded');
    expect(r.requests[0]!.signature.split(' ')).toHaveLength(2);
    expect(r.requests[0]!.verifiedBy).toEqual([0, 1]);

    // The overlap ends (moved into the past rather than waited for).
    await kit.db.prisma.agentWebhook.update({
      where: { id: hook.id },
      data: { previousSecretExpiresAt: new Date(Date.now() - 1000) },
    });
    await requestLeave('alice');
    await kit.waitForDeliveries('alice', hook.id, 'two', (d) => d.filter((x) => x.status === 'succeeded').length === 2);
    const after = r.requests[1]!;
    expect(after.signature.split(' ')).toHaveLength(1);
    expect(after.verifiedBy).toEqual([1]);
    expect(() => new Webhook(hook.secret).verify(after.body, after.headers as never)).toThrow(/No matching signature/);
  });

  it('stops retrying and cancels a delivery when its webhook is disabled', async () => {
    const r = await receiver();
    const hook = await kit.createWebhook('alice', r.url, ['leave_request.created']);
    r.secrets.push(hook.secret);
    r.down(100, 503);
    await requestLeave('alice');
    await kit.waitForDeliveries('alice', hook.id, 'an attempt', (d) => (d[0]?.attempts.length ?? 0) >= 1);
    expect((await kit.call('alice', 'DELETE', `/api/v1/agent/webhooks/${hook.id}`)).statusCode).toBe(200);
    const [delivery] = await kit.waitForDeliveries('alice', hook.id, 'cancelled', (d) => d[0]?.status === 'cancelled');
    const attempts = delivery!.attempts.length;
    // Its workflow ends at its next attempt, without sending.
    const handle = kit.temporal.client.workflow.getHandle(
      `webhook/${(await kit.db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery!.id } })).tenantId}/${delivery!.id}`,
    );
    await expect(handle.result()).resolves.toMatchObject({ outcome: 'cancelled' });
    expect(r.requests.length).toBeLessThanOrEqual(attempts);
  });
});

describe('the recorded history', () => {
  it('replays a delivery with retries against the current workflow code', async () => {
    expect(retriedWorkflowId).toBeDefined();
    const history = await kit.temporal.client.workflow.getHandle(retriedWorkflowId!).fetchHistory();
    await Worker.runReplayHistory({ workflowBundle: await getWorkflowBundle() }, history);
    // `SVC_HR_RECORD_HISTORIES=1` keeps it as a fixture of the unit replay test (docs/temporal.md).
    if (process.env.SVC_HR_RECORD_HISTORIES === '1') {
      const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
      const file = path.join(__dirname, '../../fixtures/histories', `webhookDelivery-retried-${day}.json`);
      await writeFile(file, `${historyToJSON(history)}\n`);
    }
  });
});

describe('events of leave decisions and agent runs', () => {
  it('sends leave_request.approved to the employee and cancelled after a cancellation', async () => {
    const r = await receiver();
    const hook = await kit.createWebhook('alice', r.url, ['leave_request.approved', 'leave_request.cancelled']);
    r.secrets.push(hook.secret);
    const requestId = await requestLeave('alice');
    const decided = await kit.call('manager', 'POST', `/api/v1/leave/requests/${requestId}/decision`, {
      decision: 'approve',
    });
    expect(decided.statusCode).toBe(200);
    const cancelled = await kit.call('alice', 'POST', `/api/v1/leave/requests/${requestId}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    await waitFor('two events', () => r.processed.size === 2, { timeoutMs: 30_000 });
    const types = [...r.processed.values()].map((p) => [p.type, (p.data.request as { status: string }).status]);
    expect(types.sort()).toEqual([
      ['leave_request.approved', 'APPROVED'],
      ['leave_request.cancelled', 'CANCELLED'],
    ]);
  });

  it("sends an agent run's events to its user's webhook: requires_action, action requested and decided, completed", async () => {
    const r = await receiver();
    const events = [
      'run.requires_action',
      'action.requested',
      'action.decided',
      'run.completed',
      'leave_request.created',
    ];
    const hook = await kit.createWebhook('alice', r.url, events);
    const others = await kit.createWebhook('bob', r.url, ['run.completed', 'action.requested']);
    r.secrets.push(hook.secret, others.secret);
    const actor = await authenticate(
      kit.db.prisma,
      await tokenFor(kit.db.prisma, 'alice', ['leave:read'], { name: 'd' }),
    );
    const day = await freeWorkingDay(kit.db.prisma, actor, 90);

    const thread = await kit.call('alice', 'POST', '/api/v1/agent/threads', { title: 'Leave' });
    const threadId = thread.json<{ data: { thread: { id: string } } }>().data.thread.id;
    const sent = await kit.call('alice', 'POST', `/api/v1/agent/threads/${threadId}/messages`, {
      message: `Book annual leave from ${day} to ${day} for a family trip`,
    });
    expect(sent.statusCode).toBe(201);
    const runId = sent.json<{ data: { runId: string } }>().data.runId;
    await waitFor(
      'the run to wait for approval',
      async () => {
        const run = await kit.call('alice', 'GET', `/api/v1/agent/runs/${runId}`);
        return run.json<{ data: { run: { status: string } } }>().data.run.status === 'requires_action';
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    const decided = await kit.call('alice', 'POST', `/api/v1/agent/runs/${runId}/decisions`, { decision: 'approve' });
    expect(decided.statusCode).toBe(200);
    await waitFor('five events', () => r.processed.size >= 5, { timeoutMs: 30_000 });

    const received = [...r.processed.values()];
    expect(received.map((p) => p.type).sort()).toEqual([...events].sort());
    for (const p of received.filter((x) => x.type !== 'leave_request.created')) {
      expect(p.data).toMatchObject({ runId, threadId });
    }
    expect(received.find((p) => p.type === 'action.decided')!.data).toMatchObject({ decision: 'approve' });
    expect(r.requests.every((q) => q.verifiedBy.length === 1 && q.verifiedBy[0] === 0)).toBe(true);
    expect(await kit.db.prisma.webhookDelivery.count({ where: { webhookId: others.id } })).toBe(0);
  });
});

import { loadSecretBox, secretBoxOf } from '../../../engines/secrets/secretBox';
import { authenticate } from '../../../engines/tokens/authenticate';
import { resealWebhookSecrets } from '../../../engines/webhooks/resealSecrets';
import { webhookSecretBinding } from '../../../engines/webhooks/webhooks';
import { freeWorkingDay } from '../../support/leave';
import { tokenFor } from '../../support/identity';
import {
  retiredWebhookKey,
  retiredWebhookSecret,
  sealedByRetiredWebhookBox,
} from '../../fixtures/retiredWebhookSecret';
import { startReceiver, type TestReceiver } from './receiver';
import { startWebhookKit, type WebhookKit } from './webhookKit';

/**
 * One key seals every secret now; a database whose webhook secrets an earlier version sealed under its own webhook
 * key (SVC_HR_WEBHOOK_SECRET_KEY, kept as the retired key) still delivers, and the worker's start moves them.
 */
let kit: WebhookKit;
let receiver: TestReceiver;

beforeAll(async () => {
  kit = await startWebhookKit({ env: { SVC_HR_WEBHOOK_SECRET_KEY: retiredWebhookKey } });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await kit?.close();
});

async function requestLeave(): Promise<string> {
  const actor = await authenticate(kit.db.prisma, await tokenFor(kit.db.prisma, 'alice', ['leave:read']));
  const day = await freeWorkingDay(kit.db.prisma, actor, 60);
  const res = await kit.call('alice', 'POST', '/api/v1/leave/requests', { start_date: day, policy: 'Unpaid leave' });
  expect(res.statusCode).toBe(201);
  return res.json<{ data: { id: string } }>().data.id;
}

describe('webhook secrets sealed under the retired webhook key', () => {
  it('still sign deliveries, and are sealed again under the one key, bound to their row', async () => {
    const hook = await kit.createWebhook('alice', receiver.url, ['leave_request.created']);
    // The row as an earlier version left it: the secret sealed, unbound, by the webhook box under its own key.
    await kit.db.prisma.agentWebhook.update({
      where: { id: hook.id },
      data: { secretCiphertext: sealedByRetiredWebhookBox },
    });
    receiver.secrets.push(retiredWebhookSecret);

    const requestId = await requestLeave();
    const [delivered] = await kit.waitForDeliveries('alice', hook.id, 'succeeded', (d) => d[0]?.status === 'succeeded');
    expect(delivered!.payload.data).toMatchObject({ request: { id: requestId } });
    expect(receiver.requests.find((q) => q.id === delivered!.id)?.verifiedBy).toEqual([0]);

    const box = secretBoxOf(kit.config);
    expect(await resealWebhookSecrets(kit.db.prisma, box)).toEqual({ resealed: 1, unreadable: 0 });
    const row = await kit.db.prisma.agentWebhook.findUniqueOrThrow({ where: { id: hook.id } });
    expect(row.secretCiphertext).not.toBe(sealedByRetiredWebhookBox);
    // Without the retired key: the one key opens it, on this row only.
    const oneKeyOnly = loadSecretBox({ key: kit.config.secrets.key, dataDir: '/nonexistent' });
    expect(oneKeyOnly.open(row.secretCiphertext, webhookSecretBinding(row))).toBe(retiredWebhookSecret);
    expect(() => oneKeyOnly.open(row.secretCiphertext, webhookSecretBinding({ ...row, id: requestId }))).toThrow();
    // A second pass finds nothing left to move.
    expect(await resealWebhookSecrets(kit.db.prisma, box)).toEqual({ resealed: 0, unreadable: 0 });
  });

  it('new secrets are sealed under the one key only: a box without the retired key opens them', async () => {
    const hook = await kit.createWebhook('alice', receiver.url, ['leave_request.created']);
    const row = await kit.db.prisma.agentWebhook.findUniqueOrThrow({ where: { id: hook.id } });
    const oneKeyOnly = loadSecretBox({ key: kit.config.secrets.key, dataDir: '/nonexistent' });
    expect(oneKeyOnly.open(row.secretCiphertext, webhookSecretBinding(row))).toBe(hook.secret);
    const retiredOnly = loadSecretBox({ key: retiredWebhookKey, dataDir: '/nonexistent' });
    expect(() => retiredOnly.open(row.secretCiphertext, webhookSecretBinding(row))).toThrow();
  });
});

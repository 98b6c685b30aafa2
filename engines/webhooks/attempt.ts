import type { PrismaClient } from '../../db/prismaClient';
import type { SecretBox } from '../secrets/secretBox';
import { postWebhook } from './post';
import { signWebhook } from './signature';
import { disableWebhookRow, webhookSecretBinding } from './webhooks';

/**
 * What an attempt means for the delivery workflow: `delivered` (2xx), `retry` (try again after the next delay),
 * `failed` (no attempt left), `gone` (the endpoint answered 410: the webhook is now disabled), `cancelled` (the
 * webhook was disabled, or the delivery no longer exists).
 */
export type AttemptOutcome = 'delivered' | 'retry' | 'failed' | 'gone' | 'cancelled';

export interface AttemptDeps {
  prisma: PrismaClient;
  box: SecretBox;
  timeoutMs: number;
  allowPrivateNetwork: boolean;
  now?: () => Date;
}

export interface AttemptRef {
  tenantId: string;
  deliveryId: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** The delay before the next attempt, or null when this is the last one. */
  nextDelayMs: number | null;
}

const USER_AGENT = 'svc-hr-webhooks/1';

function outcomeOfStored(status: string): AttemptOutcome | undefined {
  if (status === 'succeeded') return 'delivered';
  if (status === 'failed') return 'failed';
  if (status === 'cancelled') return 'cancelled';
  return undefined;
}

/**
 * Sends attempt `attempt` of a delivery and records it (status code, latency, error), then moves the delivery on.
 * Each attempt is signed anew with the current time as `webhook-timestamp` (a receiver refuses stale timestamps),
 * and always carries the delivery id as `webhook-id`, so a receiver can drop a message it already processed.
 * Idempotent per attempt number: run again after its attempt was recorded, it sends nothing and answers the
 * recorded outcome (an attempt whose recording was lost is sent again: webhooks are at least once).
 */
export async function attemptWebhookDelivery(deps: AttemptDeps, ref: AttemptRef): Promise<AttemptOutcome> {
  const { prisma } = deps;
  const delivery = await prisma.webhookDelivery.findFirst({ where: { id: ref.deliveryId, tenantId: ref.tenantId } });
  if (!delivery) return 'cancelled';
  const stored = outcomeOfStored(delivery.status);
  if (stored) return stored;
  const recorded = await prisma.webhookAttempt.findUnique({
    where: { deliveryId_number: { deliveryId: delivery.id, number: ref.attempt } },
  });
  if (recorded) return recorded.outcome === 'succeeded' ? 'delivered' : recorded.outcome === 'gone' ? 'gone' : 'retry';

  const webhook = await prisma.agentWebhook.findUnique({ where: { id: delivery.webhookId } });
  const now = deps.now?.() ?? new Date();
  if (!webhook || webhook.status !== 'enabled') {
    await prisma.webhookDelivery.updateMany({
      where: { id: delivery.id, status: 'pending' },
      data: { status: 'cancelled', completedAt: now, nextAttemptAt: null },
    });
    return 'cancelled';
  }

  const binding = webhookSecretBinding(webhook);
  const secrets = [deps.box.open(webhook.secretCiphertext, binding)];
  if (webhook.previousSecretCiphertext && webhook.previousSecretExpiresAt && webhook.previousSecretExpiresAt > now) {
    secrets.push(deps.box.open(webhook.previousSecretCiphertext, binding));
  }
  const body = JSON.stringify(delivery.payload);
  const timestampSeconds = Math.floor(now.getTime() / 1000);
  const result = await postWebhook(
    webhook.url,
    body,
    {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'webhook-id': delivery.id,
      'webhook-timestamp': String(timestampSeconds),
      'webhook-signature': signWebhook(secrets, { id: delivery.id, timestampSeconds, body }),
    },
    { timeoutMs: deps.timeoutMs, allowPrivateNetwork: deps.allowPrivateNetwork },
  );

  const code = result.statusCode;
  const outcome: AttemptOutcome =
    code !== undefined && code >= 200 && code < 300
      ? 'delivered'
      : code === 410
        ? 'gone'
        : ref.nextDelayMs === null
          ? 'failed'
          : 'retry';
  const finishedAt = new Date(now.getTime() + result.latencyMs);
  await prisma.$transaction(async (tx) => {
    await tx.webhookAttempt.create({
      data: {
        tenantId: delivery.tenantId,
        deliveryId: delivery.id,
        number: ref.attempt,
        outcome: outcome === 'delivered' ? 'succeeded' : outcome === 'gone' ? 'gone' : 'failed',
        ...(code !== undefined ? { statusCode: code } : {}),
        latencyMs: result.latencyMs,
        ...(result.error
          ? { error: result.error.slice(0, 1000) }
          : code !== undefined && outcome !== 'delivered'
            ? { error: `HTTP ${code}` }
            : {}),
        attemptedAt: now,
      },
    });
    const final = outcome === 'delivered' ? 'succeeded' : outcome === 'retry' ? 'pending' : 'failed';
    // Only a pending delivery moves on: one disabled meanwhile stays cancelled.
    await tx.webhookDelivery.updateMany({
      where: { id: delivery.id, status: 'pending' },
      data: {
        attemptCount: ref.attempt,
        status: final,
        nextAttemptAt: outcome === 'retry' ? new Date(finishedAt.getTime() + (ref.nextDelayMs ?? 0)) : null,
        ...(final !== 'pending' ? { completedAt: finishedAt } : {}),
      },
    });
    if (outcome === 'gone') await disableWebhookRow(tx, webhook.id, 'gone', finishedAt);
  });
  return outcome;
}

import type { WebhookAttempt, WebhookDelivery } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { AppError } from '../appError';
import { findVisibleWebhook } from './webhooks';

/** A delivery with its attempts, as list_agent_webhook_deliveries answers it. */
export interface DeliveryView {
  id: string;
  webhookId: string;
  eventType: string;
  status: string;
  attemptCount: number;
  nextAttemptAt?: string;
  payload: unknown;
  createdAt: string;
  completedAt?: string;
  attempts: Array<{
    number: number;
    outcome: string;
    statusCode?: number;
    latencyMs: number;
    error?: string;
    attemptedAt: string;
  }>;
}

/**
 * The deliveries of a webhook the actor may see (404 otherwise), newest first, each with its attempts; `status`
 * keeps one status. Pages by the id of the last delivery of the previous page (ids are time-ordered UUIDv7).
 */
export async function listDeliveries(
  prisma: PrismaClient,
  actor: Actor,
  webhookId: string,
  query: { limit: number; cursor?: string | undefined; status?: string | undefined },
): Promise<{ deliveries: DeliveryView[]; nextCursor?: string }> {
  const webhook = await findVisibleWebhook(prisma, actor, webhookId);
  const rows = await prisma.webhookDelivery.findMany({
    where: {
      webhookId: webhook.id,
      tenantId: webhook.tenantId,
      ...(query.status ? { status: query.status } : {}),
      ...(query.cursor ? { id: { lt: query.cursor } } : {}),
    },
    orderBy: { id: 'desc' },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const attempts = await prisma.webhookAttempt.findMany({
    where: { deliveryId: { in: page.map((d) => d.id) } },
    orderBy: [{ deliveryId: 'asc' }, { number: 'asc' }],
  });
  const deliveries = page.map((d) => toDeliveryView(d, attempts));
  const last = page.at(-1);
  return rows.length > query.limit && last ? { deliveries, nextCursor: last.id } : { deliveries };
}

function toDeliveryView(d: WebhookDelivery, attempts: WebhookAttempt[]): DeliveryView {
  return {
    id: d.id,
    webhookId: d.webhookId,
    eventType: d.eventType,
    status: d.status,
    attemptCount: d.attemptCount,
    ...(d.status === 'pending' && d.nextAttemptAt ? { nextAttemptAt: d.nextAttemptAt.toISOString() } : {}),
    payload: d.payload,
    createdAt: d.createdAt.toISOString(),
    ...(d.completedAt ? { completedAt: d.completedAt.toISOString() } : {}),
    attempts: attempts
      .filter((a) => a.deliveryId === d.id)
      .map((a) => ({
        number: a.number,
        outcome: a.outcome,
        ...(a.statusCode !== null ? { statusCode: a.statusCode } : {}),
        latencyMs: a.latencyMs,
        ...(a.error ? { error: a.error } : {}),
        attemptedAt: a.attemptedAt.toISOString(),
      })),
  };
}

/** One delivery of a webhook the actor may see, with its attempts; 404 for anything else. */
export async function getDelivery(
  prisma: PrismaClient,
  actor: Actor,
  webhookId: string,
  deliveryId: string,
): Promise<DeliveryView> {
  const webhook = await findVisibleWebhook(prisma, actor, webhookId);
  const delivery = await prisma.webhookDelivery.findFirst({ where: { id: deliveryId, webhookId: webhook.id } });
  if (!delivery) throw new AppError('not_found', `No delivery ${deliveryId} of webhook ${webhookId}`);
  const attempts = await prisma.webhookAttempt.findMany({ where: { deliveryId }, orderBy: { number: 'asc' } });
  return toDeliveryView(delivery, attempts);
}

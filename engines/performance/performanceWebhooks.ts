import type { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { roles } from '../access/roles';
import type { WebhookEventType } from '../webhooks/eventTypes';
import { enqueueWebhookEvent } from '../webhooks/outbox';

export type PerformanceWebhookEvent = Extract<WebhookEventType, `performance.${string}`>;

/**
 * The webhook deliveries of Performance. A cycle's steps (opened, closed, released) are the company's process: the
 * webhooks of every role receive them. A submitted review goes to HR_MANAGER, ADMIN and OWNER only, and names the
 * review, never its answers or rating: a receiver reads it through the API, where the rating rule applies.
 */
export async function emitPerformanceWebhookEvent(
  tx: Prisma.TransactionClient | PrismaClient,
  type: PerformanceWebhookEvent,
  tenantId: string,
  data: Record<string, unknown>,
): Promise<void> {
  await enqueueWebhookEvent(tx, {
    tenantId,
    type,
    audience: { roles: type.startsWith('performance.cycle.') ? [...roles] : ['HR_MANAGER', 'ADMIN', 'OWNER'] },
    data,
  });
}

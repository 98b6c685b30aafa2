import type { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import type { Role } from '../access/roles';
import { canSeeEmployee } from '../access/visibility';
import type { WebhookEventType } from './eventTypes';

/**
 * The webhook outbox. An event is written as one WebhookDelivery row per receiving webhook inside the transaction
 * that makes the change it tells about, so an event is never lost (a committed change always has its rows) nor
 * invented (a rolled-back change has none). The dispatcher (temporal/worker/webhookDispatcher.ts) starts a delivery
 * workflow for each row, woken by a notice on this channel that Postgres sends only when the transaction commits.
 */
export const webhookDeliveryChannel = 'svc_hr_webhook_deliveries';

type Tx = Prisma.TransactionClient | PrismaClient;

/** Who an event is about, which decides which webhooks receive it. */
export type WebhookAudience =
  /** A run's events go to the webhooks of the run's own user. */
  | { userId: string }
  /** A leave request's events go to the webhooks of users who may see its employee (visibility.ts). */
  | { employeeId: string }
  /** The workspace's structure and accounts: the webhooks of users whose live role is one of these. */
  | { roles: readonly Role[] };

/** The body of every delivery: Standard Webhooks' `{ type, timestamp, data }`. */
export interface WebhookPayload {
  type: WebhookEventType;
  timestamp: string;
  data: Record<string, unknown>;
}

/** The creator of a webhook as an Actor for the visibility rule (their role read now, as on every request). */
async function creatorActor(tx: Tx, tenantId: string, userId: string): Promise<Actor | undefined> {
  const user = await tx.user.findFirst({ where: { id: userId, tenantId } });
  if (!user) return undefined;
  const employee = await tx.employee.findFirst({ where: { userId, tenantId } });
  return {
    tenant: { id: tenantId, name: '' },
    user: { id: user.id, name: user.name, email: user.email, role: user.role },
    employee: employee
      ? { id: employee.id, number: employee.employeeNumber, departmentId: employee.departmentId }
      : null,
    credential: { id: userId, kind: 'personal_access_token', name: 'webhook audience', scopes: [] },
  };
}

/**
 * Writes the deliveries of one event to every enabled webhook of the tenant that subscribed to `type` and whose
 * creator may see what the event is about. Call it inside the transaction of the change. Answers how many.
 */
export async function enqueueWebhookEvent(
  tx: Tx,
  event: {
    tenantId: string;
    type: WebhookEventType;
    /** The event's data, or a function making it: called only when some webhook receives the event. */
    data: Record<string, unknown> | (() => Promise<Record<string, unknown>>);
    audience: WebhookAudience;
  },
  now = new Date(),
): Promise<number> {
  const webhooks = await tx.agentWebhook.findMany({
    where: {
      tenantId: event.tenantId,
      status: 'enabled',
      events: { has: event.type },
      ...('userId' in event.audience ? { createdByUserId: event.audience.userId } : {}),
    },
    select: { id: true, createdByUserId: true },
  });
  if (webhooks.length === 0) return 0;
  const receivers: string[] = [];
  for (const webhook of webhooks) {
    if ('roles' in event.audience) {
      const actor = await creatorActor(tx, event.tenantId, webhook.createdByUserId);
      if (!actor || !event.audience.roles.includes(actor.user.role)) continue;
    }
    if ('employeeId' in event.audience) {
      const actor = await creatorActor(tx, event.tenantId, webhook.createdByUserId);
      // visibility.ts takes the client type, but reads only through $queryRaw and models, which a transaction has.
      if (!actor || !(await canSeeEmployee(tx as PrismaClient, actor, event.audience.employeeId))) continue;
    }
    receivers.push(webhook.id);
  }
  if (receivers.length === 0) return 0;
  const data = typeof event.data === 'function' ? await event.data() : event.data;
  // Through JSON once, so the stored payload is exactly what every attempt sends (dates as ISO strings).
  const payload = JSON.parse(
    JSON.stringify({ type: event.type, timestamp: now.toISOString(), data }),
  ) as WebhookPayload;
  await tx.webhookDelivery.createMany({
    data: receivers.map((webhookId) => ({
      tenantId: event.tenantId,
      webhookId,
      eventType: event.type,
      payload: payload as unknown as Prisma.InputJsonValue,
      nextAttemptAt: now,
    })),
  });
  await tx.$executeRaw`SELECT pg_notify(${webhookDeliveryChannel}, ${event.tenantId})`;
  return receivers.length;
}

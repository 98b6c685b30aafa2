import type { AgentWebhook, Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { isTenantAdmin } from '../access/roles';
import { AppError } from '../appError';
import { checkWebhookUrl } from './endpointUrl';
import { isWebhookEventType, type WebhookEventType } from './eventTypes';
import { webhookSecretBindingPrefix, type SecretBox } from '../secrets/secretBox';
import { uuidv7 } from '../../db/uuidv7';
import { generateWebhookSecret } from './signature';

/** What a webhook's sealed signing secrets (current and previous) are bound to: a sealed value opens on its row only. */
export const webhookSecretBinding = (row: { tenantId: string; id: string }) =>
  `${webhookSecretBindingPrefix}${row.tenantId}:${row.id}`;

/**
 * The webhooks of a tenant. A webhook belongs to the user who created it and receives only events about data that
 * user may see (engines/webhooks/outbox.ts). Who sees a webhook: its creator, and the tenant's ADMINs and OWNERs
 * (who may disable a webhook that misbehaves); anyone else gets 404, as if it did not exist.
 */

export interface WebhookView {
  id: string;
  url: string;
  events: string[];
  description?: string;
  status: string;
  disabledReason?: string;
  disabledAt?: string;
  createdByUserId: string;
  secretHint: string;
  previousSecretExpiresAt?: string;
  createdAt: string;
  updatedAt: string;
}

/** The view of a stored webhook; never its secret. */
export function toWebhookView(row: AgentWebhook): WebhookView {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    ...(row.description ? { description: row.description } : {}),
    status: row.status,
    ...(row.disabledReason ? { disabledReason: row.disabledReason } : {}),
    ...(row.disabledAt ? { disabledAt: row.disabledAt.toISOString() } : {}),
    createdByUserId: row.createdByUserId,
    secretHint: row.secretHint,
    ...(row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date()
      ? { previousSecretExpiresAt: row.previousSecretExpiresAt.toISOString() }
      : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The filter of the webhooks `actor` may see. */
export function visibleWebhooksFilter(actor: Actor): Prisma.AgentWebhookWhereInput {
  return isTenantAdmin(actor.user.role)
    ? { tenantId: actor.tenant.id }
    : { tenantId: actor.tenant.id, createdByUserId: actor.user.id };
}

/** The webhook `id` if `actor` may see it; 404 otherwise. */
export async function findVisibleWebhook(prisma: PrismaClient, actor: Actor, id: string): Promise<AgentWebhook> {
  const row = await prisma.agentWebhook.findFirst({ where: { AND: [visibleWebhooksFilter(actor), { id }] } });
  if (!row) throw new AppError('not_found', `No webhook ${id}`);
  return row;
}

function checkEvents(events: readonly string[]): WebhookEventType[] {
  if (events.length === 0) {
    throw new AppError('validation_error', 'events must name at least one event', { field: 'events' });
  }
  const unknown = events.filter((e) => !isWebhookEventType(e));
  if (unknown.length > 0) {
    throw new AppError('validation_error', `Unknown event type: ${unknown.join(', ')}`, { field: 'events', unknown });
  }
  return [...new Set(events)] as WebhookEventType[];
}

/**
 * Registers a webhook for the actor. Answers its view and its signing secret, which is shown this once.
 * Throws `validation_error` for a bad URL (engines/webhooks/endpointUrl.ts) or an unknown or empty event list.
 */
export async function createWebhook(
  prisma: PrismaClient,
  actor: Actor,
  input: { url: string; events: readonly string[]; description?: string | undefined },
  opts: { box: SecretBox; allowPrivateNetwork: boolean },
): Promise<{ webhook: WebhookView; secret: string }> {
  const events = checkEvents(input.events);
  const url = await checkWebhookUrl(input.url, opts);
  const { secret, hint } = generateWebhookSecret();
  const id = uuidv7();
  const row = await prisma.agentWebhook.create({
    data: {
      id,
      tenantId: actor.tenant.id,
      createdByUserId: actor.user.id,
      url: url.toString(),
      events,
      description: input.description?.trim() || null,
      status: 'enabled',
      secretCiphertext: opts.box.seal(secret, webhookSecretBinding({ tenantId: actor.tenant.id, id })),
      secretHint: hint,
    },
  });
  return { webhook: toWebhookView(row), secret };
}

/** The webhooks the actor may see, newest first. */
export async function listWebhooks(prisma: PrismaClient, actor: Actor): Promise<WebhookView[]> {
  const rows = await prisma.agentWebhook.findMany({
    where: visibleWebhooksFilter(actor),
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 500,
  });
  return rows.map(toWebhookView);
}

/**
 * Disables a webhook `reason` (by a user, or because its endpoint answered 410) and cancels its deliveries still
 * waiting, in one transaction; their workflows see this at their next attempt and stop. Disabling a disabled
 * webhook changes nothing.
 */
export async function disableWebhookRow(
  db: PrismaClient | Prisma.TransactionClient,
  webhookId: string,
  reason: 'disabled_by_user' | 'gone',
  now = new Date(),
): Promise<void> {
  const { count } = await db.agentWebhook.updateMany({
    where: { id: webhookId, status: 'enabled' },
    data: { status: 'disabled', disabledReason: reason, disabledAt: now },
  });
  if (count === 0) return;
  await db.webhookDelivery.updateMany({
    where: { webhookId, status: 'pending' },
    data: { status: 'cancelled', completedAt: now, nextAttemptAt: null },
  });
}

/** disable_agent_webhook: the actor's (or, for an admin, any) webhook of the tenant; 404 for others. */
export async function disableWebhook(prisma: PrismaClient, actor: Actor, id: string): Promise<WebhookView> {
  const row = await findVisibleWebhook(prisma, actor, id);
  await prisma.$transaction((tx) => disableWebhookRow(tx, row.id, 'disabled_by_user'));
  return toWebhookView(await prisma.agentWebhook.findUniqueOrThrow({ where: { id: row.id } }));
}

/**
 * Enables a disabled webhook again (its endpoint was fixed after a 410, or it was disabled by mistake), with the
 * same secret. Its URL is checked again, as at creation: the network rules may have changed. Deliveries cancelled
 * while it was disabled are not resent; events from now on are. Enabling an enabled webhook changes nothing.
 */
export async function enableWebhook(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  opts: { allowPrivateNetwork: boolean },
): Promise<WebhookView> {
  const row = await findVisibleWebhook(prisma, actor, id);
  if (row.status === 'enabled') return toWebhookView(row);
  await checkWebhookUrl(row.url, opts);
  const updated = await prisma.agentWebhook.update({
    where: { id: row.id },
    data: { status: 'enabled', disabledReason: null, disabledAt: null },
  });
  return toWebhookView(updated);
}

/** Longest overlap a rotation may ask for: a week. */
export const MAX_ROTATION_OVERLAP_SECONDS = 7 * 24 * 3600;

/**
 * Gives a webhook a new signing secret, shown this once. For `overlapSeconds` the previous secret keeps signing
 * beside it (both signatures in `webhook-signature`), so a receiver can switch without losing a delivery; 0 drops
 * the previous secret at once (a leaked secret). A secret still overlapping from an earlier rotation is dropped.
 */
export async function rotateWebhookSecret(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  input: { overlapSeconds: number },
  opts: { box: SecretBox; now?: Date },
): Promise<{ webhook: WebhookView; secret: string }> {
  const row = await findVisibleWebhook(prisma, actor, id);
  const now = opts.now ?? new Date();
  const { secret, hint } = generateWebhookSecret();
  const overlap = input.overlapSeconds > 0;
  const updated = await prisma.agentWebhook.update({
    where: { id: row.id },
    data: {
      secretCiphertext: opts.box.seal(secret, webhookSecretBinding(row)),
      secretHint: hint,
      previousSecretCiphertext: overlap ? row.secretCiphertext : null,
      previousSecretExpiresAt: overlap ? new Date(now.getTime() + input.overlapSeconds * 1000) : null,
      secretRotatedAt: now,
    },
  });
  return { webhook: toWebhookView(updated), secret };
}

import type { Db } from '../../db/handle';
import type { WebhookEventType } from '../webhooks/eventTypes';
import { enqueueWebhookEvent } from '../webhooks/outbox';

export type AtsWebhookEvent = Extract<WebhookEventType, `ats.${string}`>;

/**
 * The webhook deliveries of recruiting (`ats.<resource>.<verb>`), to the webhooks of HR_MANAGER, ADMIN and OWNER
 * only: candidates are the recruiting team's, and a webhook's audience cannot follow an opening's team. The data
 * carries ids, stages and statuses, never a candidate's contact details nor an offer's salary: a receiver reads
 * those through the API, where the recruiting rules apply.
 */
export async function emitAtsWebhookEvent(
  tx: Db,
  type: AtsWebhookEvent,
  tenantId: string,
  record: Record<string, unknown>,
): Promise<void> {
  await enqueueWebhookEvent(tx, {
    tenantId,
    type,
    audience: { roles: ['HR_MANAGER', 'ADMIN', 'OWNER'] },
    data: record,
  });
}

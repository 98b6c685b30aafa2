import { patched, proxyActivities, setCurrentDetails, sleep, upsertSearchAttributes } from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { svcHrStatus } from '../searchAttributes';
import type { WebhookDeliveryInput, WebhookDeliveryResult } from './messages';

/**
 * The patch of histories that publish their end in the `SvcHrStatus` search attribute (the delivery's status as
 * stored: `succeeded`, `failed`, `cancelled`; the port sets `pending` at the start). Histories recorded before it
 * ended without the upsert, and replay so.
 */
export const deliveryStatusPatch = 'webhook-delivery-status';

/** A delivery's status as stored (engines/webhooks/attempt.ts) after each way its workflow ends. */
const storedStatus: Record<WebhookDeliveryResult['outcome'], string> = {
  delivered: 'succeeded',
  failed: 'failed',
  gone: 'failed',
  cancelled: 'cancelled',
};

/** One line for the Temporal UI's "current details" once the delivery ended. */
function describeEnd({ outcome, attempts }: WebhookDeliveryResult): string {
  const after = `after ${attempts} attempt${attempts === 1 ? '' : 's'}`;
  if (outcome === 'delivered') return `Delivered ${after}.`;
  if (outcome === 'gone') return `The endpoint answered 410 Gone ${after}: the webhook is disabled.`;
  if (outcome === 'cancelled') return `Cancelled ${after}: the webhook was disabled or the delivery is gone.`;
  return `Failed ${after}: the retry schedule ran out.`;
}

/**
 * The delivery of one webhook event (id `webhook/<tenant>/<delivery>`): an attempt after each delay of the retry
 * schedule until the endpoint answers 2xx, answers 410 (the webhook is disabled), the webhook is disabled, or the
 * schedule runs out. The waits are durable timers, so a delivery survives worker restarts in the middle of its
 * schedule; each attempt is one activity that sends, and records what came back.
 */
export async function webhookDelivery(input: WebhookDeliveryInput): Promise<WebhookDeliveryResult> {
  // An attempt is one HTTP call and two short writes. Retries of the activity cover a database that is briefly
  // down (an attempt already recorded is not sent again); the endpoint's failures are the schedule's business.
  const { attemptWebhookDelivery } = proxyActivities<Activities>({
    startToCloseTimeout: input.attemptTimeoutMs + 30_000,
    retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
    summary: 'Send the webhook and record the attempt',
  });
  const end = (result: WebhookDeliveryResult): WebhookDeliveryResult => {
    setCurrentDetails(describeEnd(result));
    if (patched(deliveryStatusPatch)) {
      upsertSearchAttributes([{ key: svcHrStatus, value: storedStatus[result.outcome] }]);
    }
    return result;
  };
  const schedule = input.scheduleMs.length > 0 ? input.scheduleMs : [0];
  for (let index = 0; index < schedule.length; index++) {
    const delay = schedule[index] ?? 0;
    if (delay > 0) {
      const failed = index === 0 ? '' : `attempt ${index} of ${schedule.length} failed; `;
      setCurrentDetails(`Pending: ${failed}attempt ${index + 1} in ${Math.round(delay / 1000)} s.`);
      await sleep(delay);
    }
    setCurrentDetails(`Pending: sending attempt ${index + 1} of ${schedule.length}.`);
    const outcome = await attemptWebhookDelivery({
      tenantId: input.tenantId,
      deliveryId: input.deliveryId,
      attempt: index + 1,
      nextDelayMs: index + 1 < schedule.length ? (schedule[index + 1] ?? 0) : null,
    });
    if (outcome !== 'retry') return end({ outcome, attempts: index + 1 });
  }
  return end({ outcome: 'failed', attempts: schedule.length });
}

import { proxyActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../../activities';
import type { WebhookDeliveryInput, WebhookDeliveryResult } from './messages';

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
  const schedule = input.scheduleMs.length > 0 ? input.scheduleMs : [0];
  for (let index = 0; index < schedule.length; index++) {
    const delay = schedule[index] ?? 0;
    if (delay > 0) await sleep(delay);
    const outcome = await attemptWebhookDelivery({
      tenantId: input.tenantId,
      deliveryId: input.deliveryId,
      attempt: index + 1,
      nextDelayMs: index + 1 < schedule.length ? (schedule[index + 1] ?? 0) : null,
    });
    if (outcome !== 'retry') return { outcome, attempts: index + 1 };
  }
  return { outcome: 'failed', attempts: schedule.length };
}

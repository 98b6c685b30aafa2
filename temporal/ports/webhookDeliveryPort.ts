import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { webhookDelivery } from '../../workflows/webhookDelivery/webhookDelivery';
import { webhookDeliveryWorkflowId, webhookDeliveryWorkflowType } from '../../workflows/webhookDelivery/messages';
import { svcHrStatus, svcHrTenant } from '../../workflows/searchAttributes';

export interface WebhookDeliveryPort {
  /**
   * Starts a delivery's workflow; starting it again finds the first one. Answers the workflow id. `summary` says
   * the delivery in words (engines/workflowSummaries.ts, webhookDeliveryWords) for the operators' view.
   */
  start(ref: {
    tenantId: string;
    deliveryId: string;
    eventType: string;
    webhookId: string;
    summary?: string | undefined;
  }): Promise<string>;
}

/**
 * Starts webhookDelivery workflows with the configured schedule and attempt timeout. Imports only the workflow's
 * messages and type, never its code (STYLE.md habit 1).
 */
export function createWebhookDeliveryPort(
  client: Client,
  opts: { taskQueue: string; retryScheduleMs: number[]; timeoutMs: number },
): WebhookDeliveryPort {
  return {
    async start(ref) {
      const workflowId = webhookDeliveryWorkflowId(ref.tenantId, ref.deliveryId);
      try {
        await client.workflow.start<typeof webhookDelivery>(webhookDeliveryWorkflowType, {
          workflowId,
          taskQueue: opts.taskQueue,
          args: [
            {
              tenantId: ref.tenantId,
              deliveryId: ref.deliveryId,
              scheduleMs: opts.retryScheduleMs,
              attemptTimeoutMs: opts.timeoutMs,
            },
          ],
          // A delivery is sent by one workflow, ever: a finished one is never started again under its id.
          workflowIdReusePolicy: 'REJECT_DUPLICATE',
          // The delivery's status as stored (`pending` until it ends); the workflow publishes its end (docs/temporal.md).
          typedSearchAttributes: [
            { key: svcHrTenant, value: ref.tenantId },
            { key: svcHrStatus, value: 'pending' },
          ],
          memo: { tenantId: ref.tenantId, deliveryId: ref.deliveryId, webhookId: ref.webhookId },
          staticSummary: ref.summary ?? `Webhook ${ref.eventType} to webhook ${ref.webhookId}`,
          staticDetails:
            `Delivery ${ref.deliveryId} of event ${ref.eventType} to webhook ${ref.webhookId} of tenant ${ref.tenantId}: ` +
            `an attempt after each delay of ${opts.retryScheduleMs.map((ms) => `${ms / 1000}s`).join(', ')} until ` +
            'the endpoint answers 2xx or 410. Its attempts are listed by list_agent_webhook_deliveries.',
        });
      } catch (error) {
        if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
      }
      return workflowId;
    },
  };
}

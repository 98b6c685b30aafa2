import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { webhookDelivery } from '../../workflows/webhookDelivery/webhookDelivery';
import { webhookDeliveryWorkflowId, webhookDeliveryWorkflowType } from '../../workflows/webhookDelivery/messages';
import { svcHrTenant } from '../../workflows/searchAttributes';

export interface WebhookDeliveryPort {
  /** Starts a delivery's workflow; starting it again finds the first one. Answers the workflow id. */
  start(ref: { tenantId: string; deliveryId: string; eventType: string; webhookId: string }): Promise<string>;
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
          typedSearchAttributes: [{ key: svcHrTenant, value: ref.tenantId }],
          memo: { tenantId: ref.tenantId, deliveryId: ref.deliveryId, webhookId: ref.webhookId },
          staticSummary: `Webhook ${ref.eventType} to webhook ${ref.webhookId}`,
        });
      } catch (error) {
        if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
      }
      return workflowId;
    },
  };
}

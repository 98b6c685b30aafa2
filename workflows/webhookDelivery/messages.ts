/**
 * The public face of the webhookDelivery workflow: its name, id, input and result. The dispatcher
 * (temporal/ports/webhookDeliveryPort.ts) and tests import this file, never the workflow module itself.
 */

/** The workflow type, as registered by the worker (the exported function's name). */
export const webhookDeliveryWorkflowType = 'webhookDelivery';

/**
 * One workflow per delivery, so starting it twice (two dispatchers, a retried start) finds the first one instead of
 * sending the event twice.
 */
export function webhookDeliveryWorkflowId(tenantId: string, deliveryId: string): string {
  return `webhook/${tenantId}/${deliveryId}`;
}

export interface WebhookDeliveryInput {
  tenantId: string;
  deliveryId: string;
  /**
   * The delay before each attempt, the first included (config `webhooks.retryScheduleMs`, fixed when the
   * workflow starts so a configuration change never alters a delivery under way).
   */
  scheduleMs: number[];
  /** How long one attempt may wait for the endpoint (config `webhooks.timeoutMs`). */
  attemptTimeoutMs: number;
}

export interface WebhookDeliveryResult {
  outcome: 'delivered' | 'failed' | 'gone' | 'cancelled';
  /** How many attempts the workflow made (or found recorded). */
  attempts: number;
}

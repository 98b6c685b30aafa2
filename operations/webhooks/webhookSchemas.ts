import { z } from 'zod';
import { webhookEventTypes } from '../../engines/webhooks/eventTypes';

/** The zod schemas the webhook operations share (docs/webhooks.md). */

export const WebhookIdParams = z.object({ id: z.uuid().describe('the webhook id') });

export const Webhook = z.object({
  id: z.uuid().describe('the webhook id: the endpoint registration, not a message'),
  url: z.string().describe('where events are POSTed'),
  events: z.array(z.string()).describe(`the event types it receives: ${webhookEventTypes.join(', ')}`),
  description: z.string().optional().describe('what the integrator wrote about it'),
  status: z.string().describe('enabled or disabled'),
  disabledReason: z
    .string()
    .optional()
    .describe('disabled_by_user (disable_agent_webhook) or gone (the endpoint answered 410)'),
  disabledAt: z.string().optional().describe('ISO 8601 UTC'),
  createdByUserId: z.uuid().describe('the user it belongs to: it receives events about what this user may see'),
  secretHint: z.string().describe('the non-secret start of the current signing secret'),
  previousSecretExpiresAt: z
    .string()
    .optional()
    .describe('during a rotation overlap: until when the previous secret still signs (ISO 8601 UTC)'),
  createdAt: z.string().describe('ISO 8601 UTC'),
  updatedAt: z.string().describe('ISO 8601 UTC'),
});

export const WebhookWithSecret = Webhook.extend({
  secret: z
    .string()
    .optional()
    .describe(
      'the signing secret, `whsec_` + base64 of the key (Standard Webhooks): shown this once, store it now; ' +
        'absent from an Idempotency-Key replay (see secretWithheld)',
    ),
});

export const WebhookAttempt = z.object({
  number: z.number().int().describe('1 for the first attempt'),
  outcome: z.string().describe('succeeded (2xx), failed, or gone (410: the webhook was disabled)'),
  statusCode: z.number().int().optional().describe("the endpoint's HTTP status; absent when it did not answer"),
  latencyMs: z.number().int().describe('how long the attempt took'),
  error: z.string().optional().describe('why it failed: the status, a refused connection, a timeout...'),
  attemptedAt: z.string().describe('ISO 8601 UTC'),
});

export const WebhookDelivery = z.object({
  id: z.uuid().describe('the delivery id, sent as `webhook-id` on every attempt'),
  webhookId: z.uuid().describe('the webhook'),
  eventType: z.string().describe('the event type'),
  status: z.string().describe('pending, succeeded, failed (retry schedule exhausted) or cancelled (webhook disabled)'),
  attemptCount: z.number().int().describe('attempts made so far'),
  nextAttemptAt: z.string().optional().describe('when the next attempt is due, while pending (ISO 8601 UTC)'),
  payload: z.unknown().describe('the body sent: `{ type, timestamp, data }`'),
  createdAt: z.string().describe('ISO 8601 UTC'),
  completedAt: z.string().optional().describe('ISO 8601 UTC'),
  attempts: z.array(WebhookAttempt).describe('every attempt, first first'),
});

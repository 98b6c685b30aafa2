import { z } from 'zod';
import { webhookEventTypes } from '../../engines/webhooks/eventTypes';
import { createWebhook } from '../../engines/webhooks/webhooks';
import { defineOperation } from '../defineOperation';
import { SecretWithheld } from '../secretShownOnce';
import { secretBoxOf } from '../../engines/secrets/secretBox';
import { WebhookWithSecret } from './webhookSchemas';
import { webhookSecretShownOnce } from './webhookSecretShownOnce';

export const createAgentWebhook = defineOperation({
  name: 'create_agent_webhook',
  method: 'POST',
  path: '/api/v1/agent/webhooks',
  access: 'agent:run',
  tag: 'Agent webhooks',
  summary: 'Register a webhook endpoint for signed events',
  description:
    'Events are POSTed signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature) and retried ' +
    'on a schedule until the endpoint answers 2xx; a 410 disables the webhook. The webhook receives events about ' +
    'your own runs and about leave requests of employees you may see. The answer carries the signing secret, shown ' +
    'this once. The URL must be https and resolve to public addresses only (unless the operator allows private ' +
    'networks).',
  input: {
    body: z.strictObject({
      url: z.string().trim().min(1).max(2048).describe('the https endpoint that receives the events'),
      events: z
        .array(z.string().trim().min(1).max(100))
        .max(webhookEventTypes.length)
        .describe(`the event types to receive, at least one of: ${webhookEventTypes.join(', ')}`),
      description: z.string().trim().max(500).optional().describe('a note to tell webhooks apart'),
    }),
  },
  output: z.object({
    webhook: WebhookWithSecret.describe('the new webhook, with its secret'),
    secretWithheld: SecretWithheld,
  }),
  successStatus: 201,
  idempotent: true,
  revealsSecret: webhookSecretShownOnce,
  handler: async (ctx, { body }) => {
    const { webhook, secret } = await createWebhook(ctx.deps.prisma, ctx.actor, body, {
      box: secretBoxOf(ctx.deps.config),
      allowPrivateNetwork: ctx.deps.config.allowPrivateNetwork,
    });
    return { webhook: { ...webhook, secret } };
  },
});

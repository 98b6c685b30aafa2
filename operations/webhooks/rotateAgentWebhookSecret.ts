import { z } from 'zod';
import { MAX_ROTATION_OVERLAP_SECONDS, rotateWebhookSecret } from '../../engines/webhooks/webhooks';
import { defineOperation } from '../defineOperation';
import { SecretWithheld } from '../secretShownOnce';
import { secretBoxOf } from '../../engines/secrets/secretBox';
import { WebhookIdParams, WebhookWithSecret } from './webhookSchemas';
import { webhookSecretShownOnce } from './webhookSecretShownOnce';

export const rotateAgentWebhookSecret = defineOperation({
  name: 'rotate_agent_webhook_secret',
  method: 'POST',
  path: '/api/v1/agent/webhooks/{id}/rotate-secret',
  access: 'agent:run',
  tag: 'Agent webhooks',
  summary: "Replace a webhook's signing secret, with an overlap",
  description:
    'Answers the new secret, shown this once. During the overlap every delivery carries two signatures in ' +
    'webhook-signature (new and previous secret), so receivers verify with either while they switch; after it, ' +
    'only the new secret signs. overlapSeconds 0 drops the previous secret at once (a leaked secret).',
  input: {
    params: WebhookIdParams,
    body: z.strictObject({
      overlapSeconds: z
        .number()
        .int()
        .min(0)
        .max(MAX_ROTATION_OVERLAP_SECONDS)
        .default(86_400)
        .describe('how long the previous secret keeps signing, 0 to 604800 seconds, default 86400 (24 h)'),
    }),
  },
  output: z.object({
    webhook: WebhookWithSecret.describe('the webhook, with its new secret'),
    secretWithheld: SecretWithheld,
  }),
  idempotent: true,
  revealsSecret: webhookSecretShownOnce,
  handler: async (ctx, { params, body }) => {
    const { webhook, secret } = await rotateWebhookSecret(ctx.deps.prisma, ctx.actor, params.id, body, {
      box: secretBoxOf(ctx.deps.config),
    });
    return { webhook: { ...webhook, secret } };
  },
});

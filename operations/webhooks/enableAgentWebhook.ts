import { z } from 'zod';
import { enableWebhook } from '../../engines/webhooks/webhooks';
import { defineOperation } from '../defineOperation';
import { Webhook, WebhookIdParams } from './webhookSchemas';

export const enableAgentWebhook = defineOperation({
  name: 'enable_agent_webhook',
  method: 'POST',
  path: '/api/v1/agent/webhooks/{id}/enable',
  access: 'agent:run',
  tag: 'Agent webhooks',
  summary: 'Enable a disabled webhook again',
  description:
    'After its endpoint answered 410, or after disable_agent_webhook: it receives events from now on, signed with ' +
    'the same secret; deliveries cancelled meanwhile are not resent. Its URL is checked again as at creation (400 ' +
    'validation_error when it is refused now). Your own webhook, or any of the workspace for an ADMIN or OWNER; ' +
    '404 for others.',
  input: { params: WebhookIdParams },
  output: z.object({ webhook: Webhook.describe('the enabled webhook') }),
  idempotent: true,
  handler: async (ctx, { params }) => ({
    webhook: await enableWebhook(ctx.deps.prisma, ctx.actor, params.id, {
      allowPrivateNetwork: ctx.deps.config.allowPrivateNetwork,
    }),
  }),
});

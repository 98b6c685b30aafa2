import { z } from 'zod';
import { findVisibleWebhook, toWebhookView } from '../../engines/webhooks/webhooks';
import { defineOperation } from '../defineOperation';
import { Webhook, WebhookIdParams } from './webhookSchemas';

export const getAgentWebhook = defineOperation({
  name: 'get_agent_webhook',
  method: 'GET',
  path: '/api/v1/agent/webhooks/{id}',
  access: 'agent:read',
  tag: 'Agent webhooks',
  summary: 'Get a webhook',
  description: 'Your own webhook, or any of the workspace for an ADMIN or OWNER; 404 for others. Never its secret.',
  input: { params: WebhookIdParams },
  output: z.object({ webhook: Webhook.describe('the webhook') }),
  handler: async (ctx, { params }) => ({
    webhook: toWebhookView(await findVisibleWebhook(ctx.deps.prisma, ctx.actor, params.id)),
  }),
});

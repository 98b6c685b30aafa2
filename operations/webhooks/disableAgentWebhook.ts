import { z } from 'zod';
import { disableWebhook } from '../../engines/webhooks/webhooks';
import { defineOperation } from '../defineOperation';
import { Webhook, WebhookIdParams } from './webhookSchemas';

export const disableAgentWebhook = defineOperation({
  name: 'disable_agent_webhook',
  method: 'DELETE',
  path: '/api/v1/agent/webhooks/{id}',
  access: 'agent:run',
  tag: 'Agent webhooks',
  summary: 'Disable a webhook',
  description:
    'It receives no further events, and its deliveries still waiting for a retry are cancelled; its deliveries ' +
    'stay listed. Disabling a disabled webhook changes nothing. Your own webhook, or any of the workspace for an ' +
    'ADMIN or OWNER; 404 for others.',
  input: { params: WebhookIdParams },
  output: z.object({ webhook: Webhook.describe('the disabled webhook') }),
  idempotent: true,
  handler: async (ctx, { params }) => ({ webhook: await disableWebhook(ctx.deps.prisma, ctx.actor, params.id) }),
});

import { z } from 'zod';
import { listDeliveries } from '../../engines/webhooks/deliveries';
import { defineOperation } from '../defineOperation';
import { WebhookDelivery, WebhookIdParams } from './webhookSchemas';

export const listAgentWebhookDeliveries = defineOperation({
  name: 'list_agent_webhook_deliveries',
  method: 'GET',
  path: '/api/v1/agent/webhooks/{id}/deliveries',
  access: 'agent:read',
  tag: 'Agent webhooks',
  summary: "List a webhook's deliveries with every attempt, newest first",
  description:
    'Each delivery is one event sent to this webhook: its status, its payload and each attempt with the status ' +
    'code, latency and error. Your own webhook, or any of the workspace for an ADMIN or OWNER; 404 for others.',
  input: {
    params: WebhookIdParams,
    query: z.strictObject({
      limit: z.coerce.number().int().min(1).max(100).default(20).describe('at most this many, 1 to 100, default 20'),
      cursor: z.uuid().optional().describe('nextCursor of the previous page'),
      status: z
        .enum(['pending', 'succeeded', 'failed', 'cancelled'])
        .optional()
        .describe('only deliveries in this status'),
    }),
  },
  output: z.object({
    deliveries: z.array(WebhookDelivery).describe('the deliveries'),
    nextCursor: z.string().optional().describe('pass as cursor for the next page; absent on the last page'),
  }),
  handler: async (ctx, { params, query }) => listDeliveries(ctx.deps.prisma, ctx.actor, params.id, query),
});

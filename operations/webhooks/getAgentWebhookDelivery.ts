import { z } from 'zod';
import { getDelivery } from '../../engines/webhooks/deliveries';
import { defineOperation } from '../defineOperation';
import { WebhookDelivery } from './webhookSchemas';

export const getAgentWebhookDelivery = defineOperation({
  name: 'get_agent_webhook_delivery',
  method: 'GET',
  path: '/api/v1/agent/webhooks/{id}/deliveries/{deliveryId}',
  access: 'agent:read',
  tag: 'Agent webhooks',
  summary: 'Get one delivery of a webhook with every attempt',
  description:
    'The delivery whose id a receiver saw as webhook-id: its status, payload and attempts. Your own webhook, or any ' +
    'of the workspace for an ADMIN or OWNER; 404 for others.',
  input: {
    params: z.object({
      id: z.uuid().describe('the webhook id'),
      deliveryId: z.uuid().describe('the delivery id (the webhook-id header of its attempts)'),
    }),
  },
  output: z.object({ delivery: WebhookDelivery.describe('the delivery') }),
  handler: async (ctx, { params }) => ({
    delivery: await getDelivery(ctx.deps.prisma, ctx.actor, params.id, params.deliveryId),
  }),
});

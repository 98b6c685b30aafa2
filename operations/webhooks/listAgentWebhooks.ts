import { z } from 'zod';
import { listWebhooks } from '../../engines/webhooks/webhooks';
import { defineOperation } from '../defineOperation';
import { Webhook } from './webhookSchemas';

export const listAgentWebhooks = defineOperation({
  name: 'list_agent_webhooks',
  method: 'GET',
  path: '/api/v1/agent/webhooks',
  access: 'agent:read',
  tag: 'Agent webhooks',
  summary: 'List webhooks, newest first',
  description: 'Your own webhooks; an ADMIN or OWNER sees every webhook of the workspace. Secrets are never listed.',
  input: {},
  output: z.object({ webhooks: z.array(Webhook).describe('the webhooks you may see') }),
  handler: async (ctx) => ({ webhooks: await listWebhooks(ctx.deps.prisma, ctx.actor) }),
});

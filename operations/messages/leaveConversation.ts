import { z } from 'zod';
import { leaveConversation as leave } from '../../engines/messages/conversations';
import { defineOperation } from '../defineOperation';
import { ConversationIdParam, messagesOperation } from './messageSchemas';

export const leaveConversation = defineOperation({
  ...messagesOperation,
  name: 'leave_conversation',
  method: 'POST',
  path: '/api/messages/conversations/{id}/leave',
  access: 'messages:write',
  summary: 'Leave a group: you no longer read it (404) until a member adds you back',
  description: 'A direct conversation cannot be left (409).',
  input: { params: ConversationIdParam },
  output: z.object({ left: z.literal(true) }),
  idempotent: true,
  mcp: { tool: 'leave_conversation', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params }) => leave(ctx.deps.prisma, ctx.actor, params.id),
});

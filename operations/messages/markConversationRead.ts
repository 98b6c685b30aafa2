import { z } from 'zod';
import { markConversationRead as markRead } from '../../engines/messages/messagePosts';
import { defineOperation } from '../defineOperation';
import { ConversationIdParam, ConversationView, messagesOperation } from './messageSchemas';

export const markConversationRead = defineOperation({
  ...messagesOperation,
  name: 'mark_conversation_read',
  method: 'POST',
  path: '/api/messages/conversations/{id}/read',
  access: 'messages:write',
  summary: 'Mark a conversation read up to a message; answers it with your new unread count',
  description: 'The mark never moves back: naming an older message than your mark changes nothing.',
  input: {
    params: ConversationIdParam,
    body: z.strictObject({ messageId: z.uuid().describe('the newest message you have read') }),
  },
  output: z.object({ conversation: ConversationView }),
  idempotent: true,
  mcp: {
    tool: 'mark_conversation_read',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  },
  handler: async (ctx, { params, body }) => ({
    conversation: await markRead(ctx.deps.prisma, ctx.actor, params.id, body.messageId),
  }),
});

import { z } from 'zod';
import { getConversation as get } from '../../engines/messages/conversations';
import { defineOperation } from '../defineOperation';
import { ConversationIdParam, ConversationView, messagesOperation } from './messageSchemas';

export const getConversation = defineOperation({
  ...messagesOperation,
  name: 'get_conversation',
  method: 'GET',
  path: '/api/messages/conversations/{id}',
  access: 'messages:read',
  summary: 'One of your conversations: its people, last message and your unread count (404 unless you are in it)',
  description:
    'Use it to see who is in a conversation, its last message and how many messages you have not read; read the messages with list_messages.',
  input: { params: ConversationIdParam },
  output: z.object({ conversation: ConversationView }),
  mcp: { tool: 'get_conversation', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({ conversation: await get(ctx.deps.prisma, ctx.actor, params.id) }),
});

import { z } from 'zod';
import { listConversations as list } from '../../engines/messages/conversations';
import { defineOperation } from '../defineOperation';
import { ConversationView, Limit, NextCursor, messagesOperation } from './messageSchemas';

export const listConversations = defineOperation({
  ...messagesOperation,
  name: 'list_conversations',
  method: 'GET',
  path: '/api/messages/conversations',
  access: 'messages:read',
  summary: 'Your conversations, the latest activity first, each with its last message and your unread count',
  description:
    'Only the conversations you take part in: messages are private, HR, ADMIN and OWNER read no one else’s. ' +
    'A company API key answers 403 (it is no participant).',
  input: {
    query: z.strictObject({
      limit: Limit,
      cursor: z.uuid().optional().describe('nextCursor of the previous page'),
    }),
  },
  output: z.object({ conversations: z.array(ConversationView), nextCursor: NextCursor }),
  mcp: { tool: 'list_conversations', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) => list(ctx.deps.prisma, ctx.actor, { limit: query.limit, after: query.cursor }),
});

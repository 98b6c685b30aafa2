import { z } from 'zod';
import { listMessages as list } from '../../engines/messages/messagePosts';
import { defineOperation } from '../defineOperation';
import { ConversationIdParam, Limit, MessageView, NextCursor, messagesOperation } from './messageSchemas';

export const listMessages = defineOperation({
  ...messagesOperation,
  name: 'list_messages',
  method: 'GET',
  path: '/api/messages/conversations/{id}/messages',
  access: 'messages:read',
  summary: 'The messages of a conversation you are in, newest first (404 unless you are in it)',
  description: 'Use it to read what was said in a direct or group conversation, newest first, a page at a time.',
  input: {
    params: ConversationIdParam,
    query: z.strictObject({
      limit: Limit,
      cursor: z.uuid().optional().describe('nextCursor of the previous page: the oldest message it showed'),
    }),
  },
  output: z.object({ messages: z.array(MessageView), nextCursor: NextCursor }),
  mcp: { tool: 'list_messages', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params, query }) =>
    list(ctx.deps.prisma, ctx.actor, params.id, { limit: query.limit, after: query.cursor }),
});

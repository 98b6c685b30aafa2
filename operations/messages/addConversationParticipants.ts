import { z } from 'zod';
import { addParticipants } from '../../engines/messages/conversations';
import { defineOperation } from '../defineOperation';
import { ConversationIdParam, ConversationView, messagesOperation } from './messageSchemas';

export const addConversationParticipants = defineOperation({
  ...messagesOperation,
  name: 'add_conversation_participants',
  method: 'POST',
  path: '/api/messages/conversations/{id}/participants',
  access: 'messages:write',
  summary: 'Add people to a group you are in; they read its whole history',
  description:
    'Any member adds. Someone already in is left as is; someone who left comes back. A direct conversation, or a ' +
    'group that would pass 50 people, answers 409.',
  input: {
    params: ConversationIdParam,
    body: z.strictObject({
      employeeIds: z.array(z.uuid()).min(1).max(50).describe('the employee ids of the people to add'),
    }),
  },
  output: z.object({ conversation: ConversationView }),
  idempotent: true,
  mcp: { tool: 'add_conversation_participants', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({
    conversation: await addParticipants(ctx.deps.prisma, ctx.actor, params.id, body.employeeIds),
  }),
});

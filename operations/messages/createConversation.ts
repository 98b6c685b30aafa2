import { z } from 'zod';
import { createConversation as create } from '../../engines/messages/conversations';
import { defineOperation } from '../defineOperation';
import { ConversationView, messagesOperation } from './messageSchemas';

export const createConversation = defineOperation({
  ...messagesOperation,
  name: 'create_conversation',
  method: 'POST',
  path: '/api/messages/conversations',
  access: 'messages:write',
  summary: 'Open a direct conversation with someone, or start a group',
  description:
    'Anyone of the workspace with an account may write to anyone else who has one. A direct conversation is with ' +
    'exactly one other person, once: opening it again answers the one you have (`created: false`). A group has a ' +
    'title and 2 to 50 people, you among them.',
  input: {
    body: z.strictObject({
      kind: z.enum(['direct', 'group']).describe('direct (two people) or group'),
      title: z.string().trim().min(1).max(200).optional().describe('a group’s title, 1 to 200 characters'),
      participantIds: z
        .array(z.uuid())
        .min(1)
        .max(60)
        .describe('the employee ids of the others (GET /api/people): one for direct, 1 to 49 for a group'),
    }),
  },
  output: z.object({
    conversation: ConversationView,
    created: z.boolean().describe('false when a direct conversation with this person already existed'),
  }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'create_conversation', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => create(ctx.deps.prisma, ctx.actor, body),
});

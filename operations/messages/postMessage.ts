import { z } from 'zod';
import { postMessage as post } from '../../engines/messages/messagePosts';
import { defineOperation } from '../defineOperation';
import { ConversationIdParam, MessageText, MessageView, messagesOperation } from './messageSchemas';

export const postMessage = defineOperation({
  ...messagesOperation,
  name: 'post_message',
  method: 'POST',
  path: '/api/messages/conversations/{id}/messages',
  access: 'messages:write',
  summary: 'Post a message in a conversation you are in; every other participant is notified once',
  description:
    'The text is trimmed and holds 1 to 4000 characters. Each other participant gets a `messages.message_received` ' +
    'notification; the webhooks of the participants get `messages.message.created` (ids only).',
  input: { params: ConversationIdParam, body: z.strictObject({ text: MessageText }) },
  output: z.object({ message: MessageView }),
  successStatus: 201,
  // The audit trail keeps who wrote where, not what: a message is private to its participants.
  auditBody: (body) => ({
    text: `[${typeof body === 'object' && body && 'text' in body ? String(body.text).length : 0} characters]`,
  }),
  idempotent: true,
  mcp: { tool: 'post_message', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({
    message: await post(ctx.deps.prisma, ctx.actor, params.id, body.text),
  }),
});

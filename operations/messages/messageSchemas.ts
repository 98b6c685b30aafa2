import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';

/**
 * What every operation of the Messages area shares (company-api.md). All three credential kinds reach the
 * operations so that a company API key hears why it is refused (engines/access/messagesAccess.ts).
 */
export const messagesOperation = {
  credentials: companyCredentialKinds,
  errorStyle: 'company',
  tag: 'Company API: Messages',
} as const;

export const ConversationIdParam = z.object({ id: z.uuid().describe('the conversation’s id') });
export const Limit = z.coerce.number().int().min(1).max(200).default(50).describe('page size, 1 to 200, default 50');
export { NextCursor } from '../organization/organizationSchemas';

/** A message's text: trimmed, 1 to 4000 characters (NUL bytes are refused before any schema). */
export const MessageText = z.string().trim().min(1).max(4000).describe('the message, 1 to 4000 characters');

export const MessageView = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  sender: z.object({ userId: z.uuid(), name: z.string() }),
  text: z.string(),
  createdAt: z.string().describe('ISO 8601 UTC'),
});

export const ConversationView = z.object({
  id: z.uuid(),
  kind: z.enum(['direct', 'group']).describe('direct: two people; group: a title and 2 to 50 people'),
  title: z.string().nullable().describe('a group’s title; null for a direct conversation'),
  participants: z
    .array(z.object({ employeeId: z.uuid(), userId: z.uuid(), name: z.string() }))
    .describe('who is in it now, the earliest to join first'),
  lastMessage: MessageView.nullable().describe('the newest message; null before the first'),
  unreadCount: z.number().int().describe('messages of others after your read mark'),
  createdAt: z.string().describe('ISO 8601 UTC'),
  lastActivityAt: z.string().describe('ISO 8601 UTC: the last message, or the start'),
});

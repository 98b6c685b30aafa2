/**
 * "Do I have any unread messages": the user's conversations (list_conversations, the latest activity first), and
 * those with unread messages in words: who wrote (the other person of a direct conversation, a group's title), how
 * many, and the newest message. Only the participants read a conversation, so this is always the user's own.
 */

import { type Plan, type PlanContext, type TurnResult, callTools, dataOf, reply, resultsOf } from './planTypes';
import { failedRead } from './summariseLists';

interface Conversation {
  kind: 'direct' | 'group';
  title: string | null;
  participants: { name: string }[];
  lastMessage: { sender: { name: string }; text: string } | null;
  unreadCount: number;
}

const QUOTE_CHARS = 80;

function nameOf(c: Conversation, ctx: PlanContext): string {
  if (c.kind === 'group') return c.title ?? 'a group';
  return c.participants.find((p) => p.name !== ctx.user.name)?.name ?? 'a conversation';
}

function quote(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return `“${line.length > QUOTE_CHARS ? `${line.slice(0, QUOTE_CHARS - 1)}…` : line}”`;
}

/** Plans "any unread messages?". */
export function planUnreadMessages(results: TurnResult[], ctx: PlanContext): Plan {
  const done = resultsOf(results, 'list_conversations')[0];
  if (!done) return callTools(ctx, [{ tool: 'list_conversations', arguments: { limit: 50 } }]);
  if (!done.ok) return reply(failedRead('read your messages', done));
  const unread = dataOf<{ conversations: Conversation[] }>(done).conversations.filter((c) => c.unreadCount > 0);
  if (unread.length === 0) return reply('You have no unread messages.');
  const total = unread.reduce((sum, c) => sum + c.unreadCount, 0);
  const lines = unread.map((c) => {
    const last = c.lastMessage
      ? `: ${c.kind === 'group' ? `${c.lastMessage.sender.name}: ` : ''}${quote(c.lastMessage.text)}`
      : '';
    return `- ${nameOf(c, ctx)} (${c.unreadCount} unread)${last}`;
  });
  const count = total === 1 ? '1 unread message' : `${total} unread messages`;
  const where = unread.length === 1 ? '' : ` in ${unread.length} conversations`;
  return reply(`You have ${count}${where}:\n${lines.join('\n')}`);
}

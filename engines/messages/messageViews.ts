import type { Message, MessageConversation } from '../../db/models';
import type { Db } from '../../db/handle';

/** A message as the API answers it. */
export interface MessageView {
  id: string;
  conversationId: string;
  sender: { userId: string; name: string };
  text: string;
  createdAt: string;
}

/** A conversation as one of its participants sees it: who is in it, its last message and what they have not read. */
export interface ConversationView {
  id: string;
  kind: 'direct' | 'group';
  title: string | null;
  participants: Array<{ employeeId: string; userId: string; name: string }>;
  lastMessage: MessageView | null;
  /** Messages of others after the caller's read mark. */
  unreadCount: number;
  createdAt: string;
  lastActivityAt: string;
}

/** The views of `messages`, their senders' names read in one query. */
export async function messageViewsOf(db: Db, messages: Message[]): Promise<MessageView[]> {
  const users = await db.user.findMany({
    where: { id: { in: [...new Set(messages.map((m) => m.senderUserId))] } },
    select: { id: true, name: true },
  });
  const names = new Map(users.map((u) => [u.id, u.name]));
  return messages.map((m) => ({
    id: m.id,
    conversationId: m.conversationId,
    sender: { userId: m.senderUserId, name: names.get(m.senderUserId) ?? '' },
    text: m.text,
    createdAt: m.createdAt.toISOString(),
  }));
}

/** The views of `conversations` as `userId` sees them, in a fixed number of queries whatever their count. */
export async function conversationViewsOf(
  db: Db,
  userId: string,
  conversations: MessageConversation[],
): Promise<ConversationView[]> {
  if (conversations.length === 0) return [];
  const ids = conversations.map((c) => c.id);
  const participants = await db.messageParticipant.findMany({
    where: { conversationId: { in: ids }, leftAt: null },
    orderBy: { joinedAt: 'asc' },
  });
  const users = await db.user.findMany({
    where: { id: { in: [...new Set(participants.map((p) => p.userId))] } },
    select: { id: true, name: true },
  });
  const names = new Map(users.map((u) => [u.id, u.name]));
  const withMessages = conversations.filter((c) => c.lastSeq > 0);
  const last = await messageViewsOf(
    db,
    withMessages.length === 0
      ? []
      : await db.message.findMany({
          where: { OR: withMessages.map((c) => ({ conversationId: c.id, seq: c.lastSeq })) },
        }),
  );
  const unread = await db.$queryRaw<Array<{ conversation_id: string; n: number }>>`
    SELECT m.conversation_id::text AS conversation_id, count(*)::int AS n
    FROM messages m
    JOIN message_participants p ON p.conversation_id = m.conversation_id AND p.user_id = ${userId}::uuid
    WHERE m.conversation_id = ANY(${ids}::uuid[]) AND m.seq > p.last_read_seq AND m.sender_user_id <> ${userId}::uuid
    GROUP BY m.conversation_id`;
  const unreadOf = new Map(unread.map((u) => [u.conversation_id, u.n]));
  return conversations.map((c) => ({
    id: c.id,
    kind: c.kind,
    title: c.title,
    participants: participants
      .filter((p) => p.conversationId === c.id)
      .map((p) => ({ employeeId: p.employeeId, userId: p.userId, name: names.get(p.userId) ?? '' })),
    lastMessage: last.find((m) => m.conversationId === c.id) ?? null,
    unreadCount: unreadOf.get(c.id) ?? 0,
    createdAt: c.createdAt.toISOString(),
    lastActivityAt: c.lastActivityAt.toISOString(),
  }));
}

/** One conversation's view for `userId`. */
export async function conversationViewOf(db: Db, userId: string, id: string): Promise<ConversationView> {
  const [view] = await conversationViewsOf(db, userId, [
    await db.messageConversation.findUniqueOrThrow({ where: { id } }),
  ]);
  return view!;
}

import type { Prisma } from '../../db/models';
import { writeNotifications } from '../notifications/writeNotifications';

/**
 * The notification of Messages, written in the transaction of the post: every other participant of the
 * conversation gets one per message (the sender does not: they know). The stream fans it out across API processes
 * like every other notification. The text is shown in part: a notification is its recipient's alone.
 */
export const messageNotificationKinds = ['messages.message_received'] as const;

const preview = (text: string) => (text.length > 140 ? `${text.slice(0, 139)}…` : text);

/** Tells each of `recipientUserIds` of the new message. */
export async function notifyRecipients(
  tx: Prisma.TransactionClient,
  notice: {
    tenantId: string;
    recipientUserIds: string[];
    senderName: string;
    conversation: { id: string; kind: 'direct' | 'group'; title: string | null };
    message: { id: string; text: string };
  },
): Promise<void> {
  const where = notice.conversation.kind === 'group' ? ` in ${notice.conversation.title ?? 'a group'}` : '';
  await writeNotifications(
    tx,
    notice.recipientUserIds.map((userId) => ({
      tenantId: notice.tenantId,
      userId,
      kind: 'messages.message_received' as const,
      title: `${notice.senderName}${where}`,
      body: preview(notice.message.text),
      data: { conversationId: notice.conversation.id, messageId: notice.message.id },
    })),
  );
}

import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { requireParticipant } from '../access/messagesAccess';
import { AppError } from '../appError';
import { emitMessageWebhookEvent } from '../webhooks/emitters';
import { notifyRecipients } from './messageNotifications';
import { conversationViewOf, messageViewsOf, type ConversationView, type MessageView } from './messageViews';

/**
 * Messages in a conversation and the read mark of each participant. A post takes the conversation's row (the
 * increment of `lastSeq`), so the messages of a conversation are numbered 1, 2, 3... in commit order; pages and
 * read marks are by that number. Posting moves the sender's mark to their message: one answers what one has read.
 */

/** Posts `text` as the caller; every other participant is notified once, and the webhooks of each are told. */
export async function postMessage(
  prisma: PrismaClient,
  actor: Actor,
  conversationId: string,
  text: string,
): Promise<MessageView> {
  await requireParticipant(prisma, actor, conversationId);
  return prisma.$transaction(async (tx) => {
    const conversation = await tx.messageConversation.update({
      where: { id: conversationId },
      data: { lastSeq: { increment: 1 }, lastActivityAt: new Date() },
    });
    const message = await tx.message.create({
      data: {
        tenantId: actor.tenant.id,
        conversationId,
        seq: conversation.lastSeq,
        senderUserId: actor.user.id,
        text,
      },
    });
    await tx.messageParticipant.update({
      where: { conversationId_userId: { conversationId, userId: actor.user.id } },
      data: { lastReadSeq: message.seq },
    });
    const present = await tx.messageParticipant.findMany({
      where: { conversationId, leftAt: null },
      select: { userId: true },
    });
    await notifyRecipients(tx, {
      tenantId: actor.tenant.id,
      recipientUserIds: present.map((p) => p.userId).filter((id) => id !== actor.user.id),
      senderName: actor.user.name,
      conversation,
      message,
    });
    await emitMessageWebhookEvent(
      tx,
      present.map((p) => p.userId),
      conversation,
      message,
    );
    const [view] = await messageViewsOf(tx, [message]);
    return view!;
  });
}

/** The seq of message `messageId` of the conversation; 400 naming `field` when it has none. */
async function seqOf(prisma: PrismaClient, conversationId: string, messageId: string, field: string): Promise<number> {
  const message = await prisma.message.findFirst({ where: { id: messageId, conversationId }, select: { seq: true } });
  if (!message) throw new AppError('validation_error', `${field}: no message ${messageId} in this conversation`);
  return message.seq;
}

/** A conversation's messages, newest first; 404 unless the caller takes part in it. */
export async function listMessages(
  prisma: PrismaClient,
  actor: Actor,
  conversationId: string,
  page: { limit: number; after?: string | undefined },
): Promise<{ messages: MessageView[]; nextCursor: string | null }> {
  await requireParticipant(prisma, actor, conversationId);
  const before = page.after ? await seqOf(prisma, conversationId, page.after, 'cursor') : undefined;
  const rows = await prisma.message.findMany({
    where: { conversationId, ...(before === undefined ? {} : { seq: { lt: before } }) },
    orderBy: { seq: 'desc' },
    take: page.limit + 1,
  });
  const shown = rows.slice(0, page.limit);
  return {
    messages: await messageViewsOf(prisma, shown),
    nextCursor: rows.length > page.limit ? shown[shown.length - 1]!.id : null,
  };
}

/**
 * Marks the conversation read by the caller up to `messageId` and what came before it. A mark never moves back:
 * marking an older message read changes nothing.
 */
export async function markConversationRead(
  prisma: PrismaClient,
  actor: Actor,
  conversationId: string,
  messageId: string,
): Promise<ConversationView> {
  await requireParticipant(prisma, actor, conversationId);
  const seq = await seqOf(prisma, conversationId, messageId, 'messageId');
  await prisma.messageParticipant.updateMany({
    where: { conversationId, userId: actor.user.id, lastReadSeq: { lt: seq } },
    data: { lastReadSeq: seq },
  });
  return conversationViewOf(prisma, actor.user.id, conversationId);
}

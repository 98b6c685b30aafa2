import type { PrismaClient } from '../../db/prismaClient';
import { demoPeople } from '../../prisma/seed';
import type { CompanySample } from './companySamples';
import type { DemoKey } from './identity';

const employeeOf = async (db: PrismaClient, who: DemoKey) =>
  db.employee.findFirstOrThrow({ where: { email: demoPeople[who].email } });

/**
 * Bob, or, for someone of another workspace (Globex), a colleague of theirs with an account: a conversation never
 * holds people of two workspaces, and the matrix's other-workspace check must not find Acme's ids put there by hand.
 */
async function colleagueOf(db: PrismaClient, who: DemoKey) {
  const [me, bob] = [await employeeOf(db, who), await employeeOf(db, 'bob')];
  if (me.tenantId === bob.tenantId && me.id !== bob.id) return bob;
  return db.employee.findFirstOrThrow({
    where: { tenantId: me.tenantId, userId: { not: null }, id: { not: me.id } },
    orderBy: { employeeNumber: 'asc' },
  });
}

/**
 * A fresh group of `who` and Bob (or a colleague of `who`'s own workspace: colleagueOf), written directly (what the samples act on), with one message of Bob's when
 * `withMessage`. Answers its id and that message's.
 */
export async function groupWithBob(
  db: PrismaClient,
  who: DemoKey,
  withMessage = false,
): Promise<{ id: string; messageId?: string }> {
  const [me, bob] = [await employeeOf(db, who), await colleagueOf(db, who)];
  const group = await db.messageConversation.create({
    data: {
      tenantId: me.tenantId,
      kind: 'group',
      title: 'Matrix group',
      createdByUserId: me.userId!,
      lastSeq: withMessage ? 1 : 0,
    },
  });
  await db.messageParticipant.createMany({
    data: [me, bob].map((p) => ({
      conversationId: group.id,
      tenantId: p.tenantId,
      userId: p.userId!,
      employeeId: p.id,
    })),
  });
  if (!withMessage) return { id: group.id };
  const message = await db.message.create({
    data: { tenantId: me.tenantId, conversationId: group.id, seq: 1, senderUserId: bob.userId!, text: 'Hello' },
  });
  return { id: group.id, messageId: message.id };
}

/**
 * The matrix samples of Messages: everyone with an account takes part in conversations, so each sample acts on a
 * fresh group of the caller and Bob (the creator of a company API key is in it too, and the key is still refused).
 */
export function messagesSamples(db: () => PrismaClient): Record<string, (who: DemoKey) => Promise<CompanySample>> {
  const base = '/api/messages/conversations';
  return {
    list_conversations: async () => ({ method: 'GET', url: base }),
    create_conversation: async (who) => ({
      method: 'POST',
      url: base,
      payload: { kind: 'group', title: 'Matrix', participantIds: [(await colleagueOf(db(), who)).id] },
    }),
    get_conversation: async (who) => ({ method: 'GET', url: `${base}/${(await groupWithBob(db(), who)).id}` }),
    add_conversation_participants: async (who) => ({
      method: 'POST',
      url: `${base}/${(await groupWithBob(db(), who)).id}/participants`,
      payload: { employeeIds: [(await employeeOf(db(), 'carol')).id] },
    }),
    leave_conversation: async (who) => ({
      method: 'POST',
      url: `${base}/${(await groupWithBob(db(), who)).id}/leave`,
    }),
    list_messages: async (who) => ({ method: 'GET', url: `${base}/${(await groupWithBob(db(), who)).id}/messages` }),
    post_message: async (who) => ({
      method: 'POST',
      url: `${base}/${(await groupWithBob(db(), who)).id}/messages`,
      payload: { text: 'From the matrix' },
    }),
    mark_conversation_read: async (who) => {
      const group = await groupWithBob(db(), who, true);
      return { method: 'POST', url: `${base}/${group.id}/read`, payload: { messageId: group.messageId } };
    },
  };
}

import { Prisma } from '../../db/generated/prisma/client';
import type { Db } from '../../db/handle';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { requireMessagingPerson, requireParticipant } from '../access/messagesAccess';
import { AppError } from '../appError';
import { conversationViewOf, conversationViewsOf, type ConversationView } from './messageViews';

/**
 * Conversations (company-api.md, Messages). A direct conversation is between two people, once: opening one with
 * someone you already have one with answers that one (the pair's `directKey` is unique, so two opened at once give
 * one). A group has a title and 2 to 50 people, its creator among them; its members add people and leave. Anyone
 * of the workspace with an account may start either with anyone else who has one.
 */

export const maxGroupSize = 50;

/** The caller as a participant: messages are between employees with an account. */
function me(actor: Actor): { userId: string; employeeId: string } {
  requireMessagingPerson(actor);
  if (!actor.employee)
    throw new AppError('forbidden', 'Your account has no employee record: messages are between employees');
  return { userId: actor.user.id, employeeId: actor.employee.id };
}

/**
 * The people `employeeIds` name, each an employee of the workspace with an active account; 400 naming `field`
 * and the first id that is not.
 */
async function peopleOf(
  db: Db,
  tenantId: string,
  employeeIds: readonly string[],
  field: string,
): Promise<Array<{ userId: string; employeeId: string }>> {
  const found = await db.employee.findMany({
    where: { tenantId, id: { in: [...employeeIds] }, userId: { not: null }, user: { status: 'active' } },
    select: { id: true, userId: true },
  });
  const missing = employeeIds.find((id) => !found.some((e) => e.id === id));
  if (missing) {
    throw new AppError('validation_error', `${field}: no employee ${missing} with an active account in this workspace`);
  }
  return found.map((e) => ({ userId: e.userId!, employeeId: e.id }));
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

/** Opens the caller's direct conversation with `employeeId`, or answers the one they already have. */
async function openDirect(
  prisma: PrismaClient,
  actor: Actor,
  employeeId: string,
): Promise<{ conversation: ConversationView; created: boolean }> {
  const self = me(actor);
  if (employeeId === self.employeeId) {
    throw new AppError('validation_error', 'participantIds: a direct conversation is with someone else');
  }
  const [other] = await peopleOf(prisma, actor.tenant.id, [employeeId], 'participantIds');
  const directKey = `${actor.tenant.id}:${[self.employeeId, other!.employeeId].sort().join(':')}`;
  const existing = async () => {
    const found = await prisma.messageConversation.findUnique({ where: { directKey } });
    return found && { conversation: await conversationViewOf(prisma, self.userId, found.id), created: false };
  };
  const before = await existing();
  if (before) return before;
  try {
    return await prisma.$transaction(async (tx) => {
      const conversation = await tx.messageConversation.create({
        data: { tenantId: actor.tenant.id, kind: 'direct', directKey, createdByUserId: self.userId },
      });
      await tx.messageParticipant.createMany({
        data: [self, other!].map((p) => ({ ...p, conversationId: conversation.id, tenantId: actor.tenant.id })),
      });
      return { conversation: await conversationViewOf(tx, self.userId, conversation.id), created: true };
    });
  } catch (error) {
    // The same pair opened at once by the two of them (or twice): the one that committed first is theirs.
    if (isUniqueViolation(error)) {
      const raced = await existing();
      if (raced) return raced;
    }
    throw error;
  }
}

/** Starts a group of the caller and `employeeIds` (2 to 50 people in all, the caller counted once). */
async function startGroup(
  prisma: PrismaClient,
  actor: Actor,
  title: string,
  employeeIds: readonly string[],
): Promise<{ conversation: ConversationView; created: boolean }> {
  const self = me(actor);
  const others = [...new Set(employeeIds)].filter((id) => id !== self.employeeId);
  if (others.length === 0) throw new AppError('validation_error', 'participantIds: name at least one other person');
  if (others.length + 1 > maxGroupSize) {
    throw new AppError(
      'validation_error',
      `participantIds: a group holds at most ${maxGroupSize} people, you included`,
    );
  }
  const people = await peopleOf(prisma, actor.tenant.id, others, 'participantIds');
  return prisma.$transaction(async (tx) => {
    const conversation = await tx.messageConversation.create({
      data: { tenantId: actor.tenant.id, kind: 'group', title, createdByUserId: self.userId },
    });
    await tx.messageParticipant.createMany({
      data: [self, ...people].map((p) => ({ ...p, conversationId: conversation.id, tenantId: actor.tenant.id })),
    });
    return { conversation: await conversationViewOf(tx, self.userId, conversation.id), created: true };
  });
}

/** Opens a direct conversation (exactly one other person) or starts a group (a title and 1 to 49 others). */
export async function createConversation(
  prisma: PrismaClient,
  actor: Actor,
  input: { kind: 'direct' | 'group'; title?: string | undefined; participantIds: string[] },
): Promise<{ conversation: ConversationView; created: boolean }> {
  if (input.kind === 'direct') {
    if (input.title !== undefined) throw new AppError('validation_error', 'title: a direct conversation has none');
    if (input.participantIds.length !== 1) {
      throw new AppError('validation_error', 'participantIds: a direct conversation is with exactly one other person');
    }
    return openDirect(prisma, actor, input.participantIds[0]!);
  }
  if (input.title === undefined) throw new AppError('validation_error', 'title: a group needs one');
  return startGroup(prisma, actor, input.title, input.participantIds);
}

/** The caller's conversations, the latest activity first. */
export async function listConversations(
  prisma: PrismaClient,
  actor: Actor,
  page: { limit: number; after?: string | undefined },
): Promise<{ conversations: ConversationView[]; nextCursor: string | null }> {
  requireMessagingPerson(actor);
  const mine = { tenantId: actor.tenant.id, userId: actor.user.id, leftAt: null };
  let after: Prisma.MessageConversationWhereInput = {};
  if (page.after) {
    const cursor = await prisma.messageConversation.findFirst({
      where: { id: page.after, tenantId: actor.tenant.id },
      select: { id: true, lastActivityAt: true },
    });
    if (!cursor) throw new AppError('validation_error', 'cursor: not a cursor of this list');
    after = {
      OR: [
        { lastActivityAt: { lt: cursor.lastActivityAt } },
        { lastActivityAt: cursor.lastActivityAt, id: { lt: cursor.id } },
      ],
    };
  }
  const rows = await prisma.messageConversation.findMany({
    where: {
      tenantId: actor.tenant.id,
      id: {
        in: (await prisma.messageParticipant.findMany({ where: mine, select: { conversationId: true } })).map(
          (p) => p.conversationId,
        ),
      },
      ...after,
    },
    orderBy: [{ lastActivityAt: 'desc' }, { id: 'desc' }],
    take: page.limit + 1,
  });
  const more = rows.length > page.limit;
  const shown = rows.slice(0, page.limit);
  return {
    conversations: await conversationViewsOf(prisma, actor.user.id, shown),
    nextCursor: more ? shown[shown.length - 1]!.id : null,
  };
}

/** One of the caller's conversations; 404 unless they take part in it. */
export async function getConversation(prisma: PrismaClient, actor: Actor, id: string): Promise<ConversationView> {
  await requireParticipant(prisma, actor, id);
  return conversationViewOf(prisma, actor.user.id, id);
}

/** Locks a conversation's row to the end of the transaction; 409 unless it is a group. */
async function lockGroup(tx: Db, id: string): Promise<void> {
  const [row] = await tx.$queryRaw<Array<{ kind: string }>>`
    SELECT kind::text AS kind FROM message_conversations WHERE id = ${id}::uuid FOR UPDATE`;
  if (row?.kind !== 'group')
    throw new AppError('conflict', 'This is a direct conversation: it stays between its two people');
}

/**
 * Adds people to a group the caller is in (someone who left comes back; someone there already is left as is).
 * 409 for a direct conversation, or when the group would pass 50.
 */
export async function addParticipants(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  employeeIds: readonly string[],
): Promise<ConversationView> {
  await requireParticipant(prisma, actor, id);
  const people = await peopleOf(prisma, actor.tenant.id, [...new Set(employeeIds)], 'employeeIds');
  return prisma.$transaction(async (tx) => {
    await lockGroup(tx, id);
    const present = await tx.messageParticipant.findMany({ where: { conversationId: id, leftAt: null } });
    const joining = people.filter((p) => !present.some((q) => q.userId === p.userId));
    if (present.length + joining.length > maxGroupSize) {
      throw new AppError(
        'conflict',
        `A group holds at most ${maxGroupSize} people: it has ${present.length}, and ${joining.length} would join`,
      );
    }
    for (const p of joining) {
      await tx.messageParticipant.upsert({
        where: { conversationId_userId: { conversationId: id, userId: p.userId } },
        create: { ...p, conversationId: id, tenantId: actor.tenant.id },
        update: { leftAt: null, joinedAt: new Date() },
      });
    }
    return conversationViewOf(tx, actor.user.id, id);
  });
}

/** The caller leaves a group: they read it no more (404), until someone adds them back. 409 for a direct one. */
export async function leaveConversation(prisma: PrismaClient, actor: Actor, id: string): Promise<{ left: true }> {
  await requireParticipant(prisma, actor, id);
  await prisma.$transaction(async (tx) => {
    await lockGroup(tx, id);
    await tx.messageParticipant.update({
      where: { conversationId_userId: { conversationId: id, userId: actor.user.id } },
      data: { leftAt: new Date() },
    });
  });
  return { left: true };
}

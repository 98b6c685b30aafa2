import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { AppError } from '../appError';
import type { Db } from '../../db/handle';

/** A thread as the API answers it. */
export interface ThreadView {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
}

interface ThreadRow {
  id: string;
  title: string;
  createdAt: Date;
  updatedAt: Date;
}

export function toThreadView(row: ThreadRow): ThreadView {
  return {
    id: row.id,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Creates a thread owned by the actor: its runs will act as this user. */
export async function createThread(prisma: PrismaClient, actor: Actor, title: string): Promise<ThreadView> {
  const row = await prisma.agentThread.create({ data: { tenantId: actor.tenant.id, userId: actor.user.id, title } });
  return toThreadView(row);
}

/**
 * The actor's own threads, most recently active first, `limit` at a time; `cursor` is the id of the last thread
 * of the previous page.
 */
export async function listThreads(
  prisma: PrismaClient,
  actor: Actor,
  page: { limit: number; cursor?: string | undefined },
): Promise<{ threads: ThreadView[]; nextCursor?: string }> {
  const rows = await prisma.agentThread.findMany({
    where: { tenantId: actor.tenant.id, userId: actor.user.id },
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
    take: page.limit + 1,
    ...(page.cursor ? { cursor: { id: page.cursor }, skip: 1 } : {}),
  });
  const threads = rows.slice(0, page.limit).map(toThreadView);
  const last = threads[threads.length - 1];
  return rows.length > page.limit && last ? { threads, nextCursor: last.id } : { threads };
}

/**
 * The actor's own thread, or 404: a thread is its owner's alone, and another user (even an admin) learns
 * nothing of its existence.
 */
export async function findOwnThread(
  db: Db,
  actor: Actor,
  threadId: string,
): Promise<ThreadRow & { tenantId: string; userId: string }> {
  const row = await db.agentThread.findFirst({
    where: { id: threadId, tenantId: actor.tenant.id, userId: actor.user.id },
  });
  if (!row) throw new AppError('not_found', 'No such thread');
  return row;
}

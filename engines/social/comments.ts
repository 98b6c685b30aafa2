import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { readablePostsFilter, requireAuthorOrModerator } from '../access/socialAccess';
import { AppError } from '../appError';
import { emitSocialWebhookEvent } from '../webhooks/emitters';
import { findReadablePost } from './posts';
import { notifyPostAuthor } from './socialNotifications';
import { commentViewsOf, type CommentView } from './socialViews';

/**
 * Comments on posts (company-api.md, Social): whoever may read a post reads and writes its comments (so someone
 * outside its audience gets 404 for both); the comment's author or HR deletes one. The post's author is told.
 */

export async function createComment(
  prisma: PrismaClient,
  actor: Actor,
  postId: string,
  text: string,
): Promise<CommentView> {
  return prisma.$transaction(async (tx) => {
    const post = await findReadablePost(tx, actor, postId);
    const row = await tx.socialComment.create({
      data: {
        tenantId: actor.tenant.id,
        postId,
        text,
        authorUserId: actor.user.id,
        authorEmployeeId: actor.employee?.id ?? null,
      },
    });
    await notifyPostAuthor(tx, post, row, actor.user.name);
    await emitSocialWebhookEvent(tx, 'social.comment.created', post, row);
    return (await commentViewsOf(tx, [row]))[0]!;
  });
}

/** A post's comments, oldest first, a page at a time; 404 when `actor` may not read the post. */
export async function listComments(
  prisma: PrismaClient,
  actor: Actor,
  postId: string,
  page: { limit: number; after?: string | undefined },
): Promise<{ comments: CommentView[]; nextCursor: string | null }> {
  await findReadablePost(prisma, actor, postId);
  const rows = await prisma.socialComment.findMany({
    where: { postId, ...(page.after ? { id: { gt: page.after } } : {}) },
    orderBy: { id: 'asc' },
    take: page.limit + 1,
  });
  const shown = rows.slice(0, page.limit);
  return {
    comments: await commentViewsOf(prisma, shown),
    nextCursor: rows.length > page.limit ? shown[shown.length - 1]!.id : null,
  };
}

/** Deletes a comment (its author, or HR moderating); 404 when `actor` may not read its post. */
export async function deleteComment(prisma: PrismaClient, actor: Actor, id: string): Promise<{ id: string }> {
  return prisma.$transaction(async (tx) => {
    const row = await tx.socialComment.findFirst({
      where: { id, tenantId: actor.tenant.id, post: await readablePostsFilter(tx, actor) },
    });
    if (!row) throw new AppError('not_found', `No comment ${id}`);
    requireAuthorOrModerator(actor, row.authorUserId, 'delete a comment');
    await tx.socialComment.delete({ where: { id } });
    return { id };
  });
}

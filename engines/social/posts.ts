import type { SocialPost } from '../../db/models';
import type { Db } from '../../db/handle';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import {
  readablePostsFilter,
  requireAuthor,
  requireAuthorOrModerator,
  requireMayPost,
  type SocialAudience,
} from '../access/socialAccess';
import { AppError } from '../appError';
import { emitSocialWebhookEvent } from '../webhooks/emitters';
import { notifyAudience } from './socialNotifications';
import { postViewsOf, type PostView } from './socialViews';

/**
 * Posts and announcements (company-api.md, Social): written to an audience (the workspace, a department, a team),
 * read by that audience, edited by their author and deleted by their author or HR. A new post notifies its
 * audience in the transaction that writes it, and emits `social.post.created`.
 */

export interface NewPost {
  kind: 'post' | 'announcement';
  audience: SocialAudience;
  departmentId?: string | undefined;
  teamId?: string | undefined;
  text: string;
  pinned: boolean;
}

/** The post `id` if `actor` may read it; 404 otherwise (no existence leak). */
export async function findReadablePost(db: Db, actor: Actor, id: string): Promise<SocialPost> {
  const row = await db.socialPost.findFirst({ where: { AND: [{ id }, await readablePostsFilter(db, actor)] } });
  if (!row) throw new AppError('not_found', `No post ${id}`);
  return row;
}

async function viewOf(db: Db, actor: Actor, row: SocialPost): Promise<PostView> {
  return (await postViewsOf(db, [row], actor.user.id))[0]!;
}

/** Publishes a post to its audience and tells that audience (the author excepted). */
export async function createPost(prisma: PrismaClient, actor: Actor, input: NewPost): Promise<PostView> {
  return prisma.$transaction(async (tx) => {
    await requireMayPost(tx, actor, input);
    const row = await tx.socialPost.create({
      data: {
        tenantId: actor.tenant.id,
        kind: input.kind,
        audience: input.audience,
        departmentId: input.audience === 'department' ? input.departmentId! : null,
        teamId: input.audience === 'team' ? input.teamId! : null,
        text: input.text,
        pinned: input.pinned,
        authorUserId: actor.user.id,
        authorEmployeeId: actor.employee?.id ?? null,
      },
    });
    await notifyAudience(tx, row, actor.user.name);
    await emitSocialWebhookEvent(tx, 'social.post.created', row);
    return viewOf(tx, actor, row);
  });
}

export async function getPost(prisma: PrismaClient, actor: Actor, id: string): Promise<PostView> {
  return viewOf(prisma, actor, await findReadablePost(prisma, actor, id));
}

export interface PostQuery {
  kind?: 'post' | 'announcement' | undefined;
  pinned?: boolean | undefined;
  audience?: SocialAudience | undefined;
  limit: number;
  after?: string | undefined;
}

/** The feed: the posts `actor` may read, newest first (ids are time-ordered UUIDv7), a page at a time. */
export async function listPosts(
  prisma: PrismaClient,
  actor: Actor,
  query: PostQuery,
): Promise<{ posts: PostView[]; nextCursor: string | null }> {
  const rows = await prisma.socialPost.findMany({
    where: {
      AND: [
        await readablePostsFilter(prisma, actor),
        query.kind ? { kind: query.kind } : {},
        query.pinned !== undefined ? { pinned: query.pinned } : {},
        query.audience ? { audience: query.audience } : {},
        query.after ? { id: { lt: query.after } } : {},
      ],
    },
    orderBy: { id: 'desc' },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    posts: await postViewsOf(prisma, page, actor.user.id),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}

/** The author changes their post's text, or pins or unpins their announcement (a post is never pinned: 400). */
export async function updatePost(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  changes: { text?: string | undefined; pinned?: boolean | undefined },
): Promise<PostView> {
  return prisma.$transaction(async (tx) => {
    const current = await findReadablePost(tx, actor, id);
    requireAuthor(actor, current.authorUserId, 'edit a post');
    if (changes.pinned === true && current.kind !== 'announcement') {
      throw new AppError('validation_error', 'pinned: only an announcement may be pinned');
    }
    const textChanged = changes.text !== undefined && changes.text !== current.text;
    const row = await tx.socialPost.update({
      where: { id },
      data: {
        ...(textChanged ? { text: changes.text!, editedAt: new Date() } : {}),
        ...(changes.pinned !== undefined ? { pinned: changes.pinned } : {}),
      },
    });
    if (textChanged || row.pinned !== current.pinned) await emitSocialWebhookEvent(tx, 'social.post.updated', row);
    return viewOf(tx, actor, row);
  });
}

/** The author, or HR moderating, deletes a post with its comments and reactions. */
export async function deletePost(prisma: PrismaClient, actor: Actor, id: string): Promise<{ id: string }> {
  return prisma.$transaction(async (tx) => {
    const current = await findReadablePost(tx, actor, id);
    requireAuthorOrModerator(actor, current.authorUserId, 'delete a post');
    await tx.socialPost.delete({ where: { id } });
    await emitSocialWebhookEvent(tx, 'social.post.deleted', current);
    return { id };
  });
}

import type { PrismaClient } from '../../db/prismaClient';
import { demoPeople } from '../../prisma/seed';
import type { CompanySample } from './companySamples';
import type { DemoKey } from './identity';

const employeeOf = async (db: PrismaClient, who: DemoKey) =>
  db.employee.findFirstOrThrow({ where: { email: demoPeople[who].email } });

/** A fresh post to the whole workspace by `author` (HR unless said), written directly. Answers its id. */
export async function socialPostOf(db: PrismaClient, author: DemoKey = 'hr'): Promise<string> {
  const person = await employeeOf(db, author);
  const post = await db.socialPost.create({
    data: {
      tenantId: person.tenantId,
      kind: 'post',
      audience: 'all',
      text: `Matrix post by ${author}`,
      authorUserId: person.userId!,
      authorEmployeeId: person.id,
    },
  });
  return post.id;
}

/** A fresh comment by `author` on a fresh post to the workspace. Answers its id. */
export async function socialCommentOf(db: PrismaClient, author: DemoKey): Promise<string> {
  const person = await employeeOf(db, author);
  const comment = await db.socialComment.create({
    data: {
      tenantId: person.tenantId,
      postId: await socialPostOf(db),
      text: `Matrix comment by ${author}`,
      authorUserId: person.userId!,
      authorEmployeeId: person.id,
    },
  });
  return comment.id;
}

/**
 * The matrix samples of Social: everyone reads and reacts to a post to the whole workspace; each caller posts to
 * their own department (or, without one, as the owner, to the workspace), and edits and deletes their own posts
 * and comments.
 */
export function socialSamples(db: () => PrismaClient): Record<string, (who: DemoKey) => Promise<CompanySample>> {
  return {
    list_social_posts: async () => ({ method: 'GET', url: '/api/social/posts' }),
    create_social_post: async (who) => {
      const { departmentId } = await employeeOf(db(), who);
      return {
        method: 'POST',
        url: '/api/social/posts',
        payload: departmentId
          ? { audience: 'department', departmentId, text: 'Matrix hello' }
          : { audience: 'all', text: 'Matrix hello' },
      };
    },
    get_social_post: async () => ({ method: 'GET', url: `/api/social/posts/${await socialPostOf(db())}` }),
    update_social_post: async (who) => ({
      method: 'PATCH',
      url: `/api/social/posts/${await socialPostOf(db(), who)}`,
      payload: { text: 'Matrix, edited' },
    }),
    delete_social_post: async (who) => ({
      method: 'DELETE',
      url: `/api/social/posts/${await socialPostOf(db(), who)}`,
    }),
    list_social_comments: async () => ({
      method: 'GET',
      url: `/api/social/posts/${await socialPostOf(db())}/comments`,
    }),
    create_social_comment: async () => ({
      method: 'POST',
      url: `/api/social/posts/${await socialPostOf(db())}/comments`,
      payload: { text: 'Matrix comment' },
    }),
    delete_social_comment: async (who) => ({
      method: 'DELETE',
      url: `/api/social/comments/${await socialCommentOf(db(), who)}`,
    }),
    add_social_reaction: async () => ({
      method: 'PUT',
      url: `/api/social/posts/${await socialPostOf(db())}/reactions/party`,
    }),
    remove_social_reaction: async () => ({
      method: 'DELETE',
      url: `/api/social/posts/${await socialPostOf(db())}/reactions/party`,
    }),
    list_celebrations: async () => ({ method: 'GET', url: '/api/social/celebrations?from=2026-01-01&to=2026-03-31' }),
    set_birthday_consent: async () => ({
      method: 'PUT',
      url: '/api/social/birthday-consent',
      payload: { showBirthday: false },
    }),
  };
}

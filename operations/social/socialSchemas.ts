import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';
import { reactionEmojis } from '../../engines/social/reactionEmojis';

/** What every operation of the Social area shares (company-api.md). */
export const socialOperation = {
  credentials: companyCredentialKinds,
  errorStyle: 'company',
  tag: 'Company API: Social',
} as const;

export const IdParam = z.object({ id: z.uuid().describe('the post’s id') });
export const Limit = z.coerce.number().int().min(1).max(200).default(50).describe('page size, 1 to 200, default 50');
export const Cursor = z.uuid().optional().describe('nextCursor of the previous page');
export { NextCursor, Deleted } from '../organization/organizationSchemas';

export const PostKind = z.enum(['post', 'announcement']);
export const Audience = z.enum(['all', 'department', 'team']);
export const Emoji = z.enum(reactionEmojis);

/** A post's or a comment's text: trimmed, 1 to 5000 characters (NUL bytes are refused before any schema). */
export const PostText = z.string().trim().min(1).max(5000);
export const CommentText = z.string().trim().min(1).max(2000);

const AuthorView = z.object({
  userId: z.uuid(),
  employeeId: z.uuid().nullable().describe('null for a user without an employee record'),
  name: z.string(),
});

export const SocialPostView = z.object({
  id: z.uuid(),
  kind: PostKind.describe('post, or announcement (HR)'),
  audience: z.object({
    type: Audience.describe('all (the workspace), department or team'),
    departmentId: z.uuid().nullable(),
    teamId: z.uuid().nullable(),
  }),
  text: z.string(),
  pinned: z.boolean().describe('only announcements are pinned'),
  author: AuthorView,
  commentCount: z.number().int(),
  reactions: z
    .object(
      Object.fromEntries(reactionEmojis.map((e) => [e, z.number().int()])) as Record<
        (typeof reactionEmojis)[number],
        z.ZodNumber
      >,
    )
    .describe('how many people reacted with each emoji of the set'),
  myReactions: z.array(Emoji).describe('the caller’s own reactions'),
  createdAt: z.string().describe('ISO 8601 UTC'),
  editedAt: z.string().nullable().describe('ISO 8601 UTC of the last change of the text; null if never edited'),
});

export const SocialCommentView = z.object({
  id: z.uuid(),
  postId: z.uuid(),
  text: z.string(),
  author: AuthorView,
  createdAt: z.string().describe('ISO 8601 UTC'),
});

export const CelebrationView = z.object({
  type: z.enum(['birthday', 'work_anniversary']),
  date: z.string().describe('YYYY-MM-DD: the day of the celebration in the range, never a year of birth'),
  employeeId: z.uuid(),
  name: z.string(),
  years: z.number().int().nullable().describe('completed years of service for a work anniversary; null otherwise'),
});

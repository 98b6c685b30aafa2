import { z } from 'zod';
import { createPost } from '../../engines/social/posts';
import { defineOperation } from '../defineOperation';
import { Audience, PostKind, PostText, SocialPostView, socialOperation } from './socialSchemas';

const Body = z
  .strictObject({
    kind: PostKind.default('post').describe('post (default), or announcement: HR_MANAGER, ADMIN and OWNER only'),
    audience: Audience.describe('all (HR only), department (with departmentId) or team (with teamId)'),
    departmentId: z.uuid().optional().describe('the department posted to; only with audience department'),
    teamId: z.uuid().optional().describe('the team posted to (its members and lead); only with audience team'),
    text: PostText.describe('what to say, 1 to 5000 characters'),
    pinned: z.boolean().default(false).describe('pin it at the top of the feed; announcements only'),
  })
  .superRefine((b, ctx) => {
    const needs = (field: 'departmentId' | 'teamId', audience: string) => {
      if (b.audience === audience && !b[field]) {
        ctx.addIssue({ code: 'custom', path: [field], message: `required with audience ${audience}` });
      }
      if (b.audience !== audience && b[field]) {
        ctx.addIssue({ code: 'custom', path: [field], message: `only with audience ${audience}` });
      }
    };
    needs('departmentId', 'department');
    needs('teamId', 'team');
    if (b.pinned && b.kind !== 'announcement') {
      ctx.addIssue({ code: 'custom', path: ['pinned'], message: 'only an announcement may be pinned' });
    }
  });

export const createSocialPost = defineOperation({
  ...socialOperation,
  name: 'create_social_post',
  method: 'POST',
  path: '/api/social/posts',
  access: 'social:write',
  summary: 'Post to your department or team; HR announces, and posts to the whole workspace',
  description:
    'Anyone posts to their own department or to a team they belong to or lead (403 otherwise); HR_MANAGER, ADMIN ' +
    'and OWNER post to any, to the whole workspace (`all`), and make announcements, which may be pinned. Everyone ' +
    'of the audience but the author is notified once (`social.post_published`).',
  input: { body: Body },
  output: z.object({ post: SocialPostView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'create_social_post', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => ({ post: await createPost(ctx.deps.prisma, ctx.actor, body) }),
});

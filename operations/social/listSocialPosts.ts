import { z } from 'zod';
import { listPosts } from '../../engines/social/posts';
import { defineOperation } from '../defineOperation';
import { Audience, Cursor, Limit, NextCursor, PostKind, SocialPostView, socialOperation } from './socialSchemas';

export const listSocialPosts = defineOperation({
  ...socialOperation,
  name: 'list_social_posts',
  method: 'GET',
  path: '/api/social/posts',
  access: 'social:read',
  summary: 'The feed: posts and announcements of your audiences, newest first',
  description:
    'Everyone reads the posts to the whole workspace, to their department and to their teams (member or lead), ' +
    'and their own; HR_MANAGER, ADMIN and OWNER read every post, as they moderate. `pinned=true` answers the ' +
    'pinned announcements.',
  input: {
    query: z.strictObject({
      kind: PostKind.optional().describe('only posts or only announcements'),
      pinned: z.enum(['true', 'false']).optional().describe('true: only pinned announcements; false: the others'),
      audience: Audience.optional().describe('only posts to this kind of audience'),
      limit: Limit,
      cursor: Cursor,
    }),
  },
  output: z.object({ posts: z.array(SocialPostView), nextCursor: NextCursor }),
  mcp: { tool: 'list_social_posts', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    listPosts(ctx.deps.prisma, ctx.actor, {
      kind: query.kind,
      pinned: query.pinned === undefined ? undefined : query.pinned === 'true',
      audience: query.audience,
      limit: query.limit,
      after: query.cursor,
    }),
});

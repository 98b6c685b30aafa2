import { z } from 'zod';
import { listComments } from '../../engines/social/comments';
import { defineOperation } from '../defineOperation';
import { Cursor, IdParam, Limit, NextCursor, SocialCommentView, socialOperation } from './socialSchemas';

export const listSocialComments = defineOperation({
  ...socialOperation,
  name: 'list_social_comments',
  method: 'GET',
  path: '/api/social/posts/{id}/comments',
  access: 'social:read',
  summary: 'A post’s comments, oldest first; 404 when you may not read the post',
  description: 'Use it to read the discussion under a post, oldest first, a page at a time.',
  input: { params: IdParam, query: z.strictObject({ limit: Limit, cursor: Cursor }) },
  output: z.object({ comments: z.array(SocialCommentView), nextCursor: NextCursor }),
  mcp: { tool: 'list_social_comments', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params, query }) =>
    listComments(ctx.deps.prisma, ctx.actor, params.id, { limit: query.limit, after: query.cursor }),
});

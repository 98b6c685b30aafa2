import { z } from 'zod';
import { getPost } from '../../engines/social/posts';
import { defineOperation } from '../defineOperation';
import { IdParam, SocialPostView, socialOperation } from './socialSchemas';

export const getSocialPost = defineOperation({
  ...socialOperation,
  name: 'get_social_post',
  method: 'GET',
  path: '/api/social/posts/{id}',
  access: 'social:read',
  summary: 'One post with its reactions and comment count; 404 outside your audiences',
  description:
    'Use it to read one post or announcement: its author, audience, text, reactions by emoji, your own reactions and the number of comments.',
  input: { params: IdParam },
  output: z.object({ post: SocialPostView }),
  mcp: { tool: 'get_social_post', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({ post: await getPost(ctx.deps.prisma, ctx.actor, params.id) }),
});

import { deletePost } from '../../engines/social/posts';
import { defineOperation } from '../defineOperation';
import { Deleted, IdParam, socialOperation } from './socialSchemas';

export const deleteSocialPost = defineOperation({
  ...socialOperation,
  name: 'delete_social_post',
  method: 'DELETE',
  path: '/api/social/posts/{id}',
  access: 'social:write',
  summary: 'Delete a post with its comments and reactions: its author, or HR moderating',
  description:
    'Use it to take down a post; its comments and reactions go with it. Only your own post, unless you are HR.',
  input: { params: IdParam },
  output: Deleted,
  idempotent: true,
  mcp: { tool: 'delete_social_post', annotations: { readOnlyHint: false, destructiveHint: true } },
  handler: async (ctx, { params }) => deletePost(ctx.deps.prisma, ctx.actor, params.id),
});

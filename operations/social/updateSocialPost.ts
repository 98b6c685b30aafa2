import { z } from 'zod';
import { updatePost } from '../../engines/social/posts';
import { defineOperation } from '../defineOperation';
import { IdParam, PostText, SocialPostView, socialOperation } from './socialSchemas';

export const updateSocialPost = defineOperation({
  ...socialOperation,
  name: 'update_social_post',
  method: 'PATCH',
  path: '/api/social/posts/{id}',
  access: 'social:write',
  summary: 'Edit your post’s text, or pin or unpin your announcement (the author only)',
  description:
    'Only the author edits (403 for anyone else who reads it, 404 for those who do not). A post is never pinned.',
  input: {
    params: IdParam,
    body: z
      .strictObject({
        text: PostText.optional().describe('the new text, 1 to 5000 characters'),
        pinned: z.boolean().optional().describe('pin or unpin an announcement'),
      })
      .refine((b) => Object.keys(b).length > 0, 'send text or pinned'),
  },
  output: z.object({ post: SocialPostView }),
  idempotent: true,
  mcp: { tool: 'update_social_post', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({ post: await updatePost(ctx.deps.prisma, ctx.actor, params.id, body) }),
});

import { z } from 'zod';
import { createComment } from '../../engines/social/comments';
import { defineOperation } from '../defineOperation';
import { CommentText, IdParam, SocialCommentView, socialOperation } from './socialSchemas';

export const createSocialComment = defineOperation({
  ...socialOperation,
  name: 'create_social_comment',
  method: 'POST',
  path: '/api/social/posts/{id}/comments',
  access: 'social:write',
  summary: 'Comment on a post you may read (404 otherwise); its author is notified',
  description: "Use it to reply under a post or announcement; the comment is seen by the post's audience.",
  input: { params: IdParam, body: z.strictObject({ text: CommentText.describe('1 to 2000 characters') }) },
  output: z.object({ comment: SocialCommentView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'create_social_comment', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({
    comment: await createComment(ctx.deps.prisma, ctx.actor, params.id, body.text),
  }),
});

import { z } from 'zod';
import { deleteComment } from '../../engines/social/comments';
import { defineOperation } from '../defineOperation';
import { Deleted, socialOperation } from './socialSchemas';

export const deleteSocialComment = defineOperation({
  ...socialOperation,
  name: 'delete_social_comment',
  method: 'DELETE',
  path: '/api/social/comments/{id}',
  access: 'social:write',
  summary: 'Delete a comment: its author, or HR moderating',
  description: 'Use it to remove a comment. Only your own, unless you are HR.',
  input: { params: z.object({ id: z.uuid().describe('the comment’s id') }) },
  output: Deleted,
  idempotent: true,
  mcp: { tool: 'delete_social_comment', annotations: { readOnlyHint: false, destructiveHint: true } },
  handler: async (ctx, { params }) => deleteComment(ctx.deps.prisma, ctx.actor, params.id),
});

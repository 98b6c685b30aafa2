import { z } from 'zod';
import { setReaction } from '../../engines/social/reactions';
import { defineOperation } from '../defineOperation';
import { ReactionParams } from './addSocialReaction';
import { SocialPostView, socialOperation } from './socialSchemas';

export const removeSocialReaction = defineOperation({
  ...socialOperation,
  name: 'remove_social_reaction',
  method: 'DELETE',
  path: '/api/social/posts/{id}/reactions/{emoji}',
  access: 'social:write',
  summary: 'Take back your reaction; removing one you have not made changes nothing',
  description: 'Use it to undo a reaction you added to a post.',
  input: { params: ReactionParams },
  output: z.object({ post: SocialPostView }),
  idempotent: true,
  mcp: {
    tool: 'remove_social_reaction',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  },
  handler: async (ctx, { params }) => ({
    post: await setReaction(ctx.deps.prisma, ctx.actor, params.id, params.emoji, false),
  }),
});

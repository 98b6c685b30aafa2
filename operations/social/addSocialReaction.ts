import { z } from 'zod';
import { setReaction } from '../../engines/social/reactions';
import { defineOperation } from '../defineOperation';
import { Emoji, SocialPostView, socialOperation } from './socialSchemas';

export const ReactionParams = z.object({
  id: z.uuid().describe('the post’s id'),
  emoji: Emoji.describe('thumbs_up, heart, party, clap or laugh'),
});

export const addSocialReaction = defineOperation({
  ...socialOperation,
  name: 'add_social_reaction',
  method: 'PUT',
  path: '/api/social/posts/{id}/reactions/{emoji}',
  access: 'social:write',
  summary: 'React to a post with one emoji of the set; adding it again changes nothing',
  description: 'Use it to like or celebrate a post: thumbs_up, heart, party, clap or laugh; one of each per person.',
  input: { params: ReactionParams },
  output: z.object({ post: SocialPostView }),
  idempotent: true,
  mcp: {
    tool: 'add_social_reaction',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  },
  handler: async (ctx, { params }) => ({
    post: await setReaction(ctx.deps.prisma, ctx.actor, params.id, params.emoji, true),
  }),
});

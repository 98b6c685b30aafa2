import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { findReadablePost } from './posts';
import type { ReactionEmoji } from './reactionEmojis';
import { postViewsOf, type PostView } from './socialViews';

/**
 * Reactions (company-api.md, Social): one per person, emoji and post, on a post the person may read (404
 * otherwise). Adding one twice, or removing one that is not there, changes nothing and answers the same post:
 * the table's key (post, user, emoji) holds the rule even for two requests sent at once.
 */
export async function setReaction(
  prisma: PrismaClient,
  actor: Actor,
  postId: string,
  emoji: ReactionEmoji,
  on: boolean,
): Promise<PostView> {
  return prisma.$transaction(async (tx) => {
    const post = await findReadablePost(tx, actor, postId);
    if (on) {
      await tx.socialReaction.createMany({
        data: [{ postId, userId: actor.user.id, emoji, tenantId: actor.tenant.id }],
        skipDuplicates: true,
      });
    } else {
      await tx.socialReaction.deleteMany({ where: { postId, userId: actor.user.id, emoji } });
    }
    return (await postViewsOf(tx, [post], actor.user.id))[0]!;
  });
}

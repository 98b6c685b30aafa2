/**
 * The reactions a post takes: a small fixed set, named (safe in a path, the same in every client) rather than
 * sent as emoji characters. 👍 thumbs_up, ❤️ heart, 🎉 party, 👏 clap, 😂 laugh.
 */
export const reactionEmojis = ['thumbs_up', 'heart', 'party', 'clap', 'laugh'] as const;
export type ReactionEmoji = (typeof reactionEmojis)[number];

/** How many of each reaction a post has: every emoji of the set, 0 when none. */
export type ReactionCounts = Record<ReactionEmoji, number>;

export function emptyCounts(): ReactionCounts {
  return Object.fromEntries(reactionEmojis.map((e) => [e, 0])) as ReactionCounts;
}

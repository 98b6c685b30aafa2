import type { SocialComment, SocialPost } from '../../db/models';
import type { Db } from '../../db/handle';
import { emptyCounts, type ReactionCounts, type ReactionEmoji } from './reactionEmojis';

/** A post as the API answers it: its audience, author, comment count and reactions (with the caller's own). */
export interface PostView {
  id: string;
  kind: 'post' | 'announcement';
  audience: { type: 'all' | 'department' | 'team'; departmentId: string | null; teamId: string | null };
  text: string;
  pinned: boolean;
  author: Author;
  commentCount: number;
  reactions: ReactionCounts;
  myReactions: ReactionEmoji[];
  createdAt: string;
  editedAt: string | null;
}

export interface CommentView {
  id: string;
  postId: string;
  text: string;
  author: Author;
  createdAt: string;
}

interface Author {
  userId: string;
  employeeId: string | null;
  name: string;
}

async function authorsOf(db: Db, userIds: string[]): Promise<Map<string, string>> {
  const users = await db.user.findMany({
    where: { id: { in: [...new Set(userIds)] } },
    select: { id: true, name: true },
  });
  return new Map(users.map((u) => [u.id, u.name]));
}

const authorOf = (names: Map<string, string>, row: { authorUserId: string; authorEmployeeId: string | null }) => ({
  userId: row.authorUserId,
  employeeId: row.authorEmployeeId,
  name: names.get(row.authorUserId) ?? '',
});

/** The views of `rows`, in their order, as `viewerUserId` sees them (their own reactions marked). */
export async function postViewsOf(db: Db, rows: SocialPost[], viewerUserId: string): Promise<PostView[]> {
  const ids = rows.map((r) => r.id);
  const [names, comments, reactions, mine] = await Promise.all([
    authorsOf(
      db,
      rows.map((r) => r.authorUserId),
    ),
    db.socialComment.groupBy({ by: ['postId'], where: { postId: { in: ids } }, _count: { _all: true } }),
    db.socialReaction.groupBy({ by: ['postId', 'emoji'], where: { postId: { in: ids } }, _count: { _all: true } }),
    db.socialReaction.findMany({
      where: { postId: { in: ids }, userId: viewerUserId },
      select: { postId: true, emoji: true },
    }),
  ]);
  const commentCount = new Map(comments.map((c) => [c.postId, c._count._all]));
  return rows.map((r) => {
    const counts = emptyCounts();
    for (const c of reactions) if (c.postId === r.id) counts[c.emoji as ReactionEmoji] = c._count._all;
    return {
      id: r.id,
      kind: r.kind,
      audience: { type: r.audience, departmentId: r.departmentId, teamId: r.teamId },
      text: r.text,
      pinned: r.pinned,
      author: authorOf(names, r),
      commentCount: commentCount.get(r.id) ?? 0,
      reactions: counts,
      myReactions: mine
        .filter((m) => m.postId === r.id)
        .map((m) => m.emoji as ReactionEmoji)
        .sort(),
      createdAt: r.createdAt.toISOString(),
      editedAt: r.editedAt?.toISOString() ?? null,
    };
  });
}

export async function commentViewsOf(db: Db, rows: SocialComment[]): Promise<CommentView[]> {
  const names = await authorsOf(
    db,
    rows.map((r) => r.authorUserId),
  );
  return rows.map((r) => ({
    id: r.id,
    postId: r.postId,
    text: r.text,
    author: authorOf(names, r),
    createdAt: r.createdAt.toISOString(),
  }));
}

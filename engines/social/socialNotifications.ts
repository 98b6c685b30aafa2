import type { Prisma, SocialPost } from '../../db/models';
import { writeNotifications } from '../notifications/writeNotifications';

/**
 * Notifications of Social, written in the transaction of the post or comment they tell about. A new post or
 * announcement reaches everyone of its audience once (a team's lead who is also a member is one recipient), never
 * its author; a comment reaches the post's author, unless they wrote it.
 */
export const socialNotificationKinds = ['social.post_published', 'social.comment_added'] as const;
export type SocialNotificationKind = (typeof socialNotificationKinds)[number];

type Tx = Prisma.TransactionClient;

/** The active users of the post's audience: the workspace, the department's people, or the team's members and lead. */
export async function audienceUserIds(tx: Tx, post: SocialPost): Promise<string[]> {
  const active = { tenantId: post.tenantId, status: 'active' };
  if (post.audience === 'all') {
    return (await tx.user.findMany({ where: active, select: { id: true } })).map((u) => u.id);
  }
  let employeeIds: string[];
  if (post.audience === 'department') {
    const people = await tx.employee.findMany({
      where: { tenantId: post.tenantId, departmentId: post.departmentId },
      select: { id: true },
    });
    employeeIds = people.map((p) => p.id);
  } else {
    const team = await tx.team.findUnique({ where: { id: post.teamId! }, include: { members: true } });
    employeeIds = [
      ...(team?.members.map((m) => m.employeeId) ?? []),
      ...(team?.leadEmployeeId ? [team.leadEmployeeId] : []),
    ];
  }
  const users = await tx.user.findMany({
    where: { ...active, employee: { id: { in: employeeIds } } },
    select: { id: true },
  });
  return users.map((u) => u.id);
}

const excerpt = (text: string) => (text.length > 140 ? `${text.slice(0, 139)}…` : text);

/** Tells the post's audience, its author excepted, once each. Answers how many were told. */
export async function notifyAudience(tx: Tx, post: SocialPost, authorName: string): Promise<number> {
  const recipients = [...new Set(await audienceUserIds(tx, post))].filter((id) => id !== post.authorUserId);
  const title = post.kind === 'announcement' ? `Announcement from ${authorName}` : `New post from ${authorName}`;
  return writeNotifications(
    tx,
    recipients.map((userId) => ({
      tenantId: post.tenantId,
      userId,
      kind: 'social.post_published',
      title,
      body: excerpt(post.text),
      data: { postId: post.id, kind: post.kind },
    })),
  );
}

/** Tells the post's author of a comment someone else wrote. */
export async function notifyPostAuthor(
  tx: Tx,
  post: SocialPost,
  comment: { id: string; text: string; authorUserId: string },
  commenterName: string,
): Promise<void> {
  if (comment.authorUserId === post.authorUserId) return;
  await writeNotifications(tx, [
    {
      tenantId: post.tenantId,
      userId: post.authorUserId,
      kind: 'social.comment_added',
      title: `${commenterName} commented on your post`,
      body: excerpt(comment.text),
      data: { postId: post.id, commentId: comment.id },
    },
  ]);
}

import type { Prisma } from '../../db/models';
import type { Db } from '../../db/handle';
import { AppError } from '../appError';
import type { Actor } from './actor';
import { isHrRole } from './roles';

/**
 * Who reads and writes what in Social (company-api.md, Social). A post is for an audience: the whole workspace
 * (`all`), one department, or one team of Organization (its members and its lead). Everyone reads the posts of
 * their audiences, and their own; HR_MANAGER, ADMIN and OWNER read every post, as they moderate the feed. Anyone
 * posts to their own department or team; only HR announces, or posts to the whole workspace, and HR may post to
 * any department or team. The author edits their post; the author or HR deletes it. What the caller may not read
 * answers 404, a write they may not make 403.
 */

export type SocialAudience = 'all' | 'department' | 'team';

/** The teams `employeeId` belongs to: those they are a member of, and those they lead. */
export async function teamIdsOf(db: Db, tenantId: string, employeeId: string): Promise<string[]> {
  const [members, led] = await Promise.all([
    db.teamMember.findMany({ where: { tenantId, employeeId }, select: { teamId: true } }),
    db.team.findMany({ where: { tenantId, leadEmployeeId: employeeId }, select: { id: true } }),
  ]);
  return [...new Set([...members.map((m) => m.teamId), ...led.map((t) => t.id)])];
}

/** The posts `actor` may read: every one for HR; otherwise those of their audiences, and their own. */
export async function readablePostsFilter(db: Db, actor: Actor): Promise<Prisma.SocialPostWhereInput> {
  const tenantId = actor.tenant.id;
  if (isHrRole(actor.user.role)) return { tenantId };
  const me = actor.employee;
  const teams = me ? await teamIdsOf(db, tenantId, me.id) : [];
  return {
    tenantId,
    OR: [
      { audience: 'all' },
      { authorUserId: actor.user.id },
      ...(me?.departmentId ? [{ audience: 'department' as const, departmentId: me.departmentId }] : []),
      ...(teams.length > 0 ? [{ audience: 'team' as const, teamId: { in: teams } }] : []),
    ],
  };
}

/**
 * May `actor` post `kind` to this audience? 403 naming the rule when not; 404 for a department or team the
 * workspace does not have.
 */
export async function requireMayPost(
  db: Db,
  actor: Actor,
  post: {
    kind: 'post' | 'announcement';
    audience: SocialAudience;
    departmentId?: string | null;
    teamId?: string | null;
  },
): Promise<void> {
  const tenantId = actor.tenant.id;
  const hr = isHrRole(actor.user.role);
  if (post.kind === 'announcement' && !hr) {
    throw new AppError('forbidden', 'Only an HR_MANAGER, ADMIN or OWNER may make an announcement');
  }
  if (post.audience === 'all' && !hr) {
    throw new AppError(
      'forbidden',
      'Only an HR_MANAGER, ADMIN or OWNER may post to the whole workspace (audience all)',
    );
  }
  if (post.audience === 'department') {
    const department = await db.department.findFirst({ where: { id: post.departmentId!, tenantId } });
    if (!department) throw new AppError('not_found', `No department ${post.departmentId}`);
    if (!hr && actor.employee?.departmentId !== department.id) {
      throw new AppError('forbidden', 'You may post to your own department only');
    }
  }
  if (post.audience === 'team') {
    const team = await db.team.findFirst({ where: { id: post.teamId!, tenantId } });
    if (!team) throw new AppError('not_found', `No team ${post.teamId}`);
    const mine = actor.employee ? await teamIdsOf(db, tenantId, actor.employee.id) : [];
    if (!hr && !mine.includes(team.id)) throw new AppError('forbidden', 'You may post to your own teams only');
  }
}

/** 403 unless `actor` wrote it: a post or comment is changed by its author alone. */
export function requireAuthor(actor: Actor, authorUserId: string, what: string): void {
  if (authorUserId !== actor.user.id) throw new AppError('forbidden', `Only the author may ${what}`);
}

/** 403 unless `actor` wrote it or moderates (HR_MANAGER, ADMIN, OWNER). */
export function requireAuthorOrModerator(actor: Actor, authorUserId: string, what: string): void {
  if (authorUserId !== actor.user.id && !isHrRole(actor.user.role)) {
    throw new AppError('forbidden', `Only the author or an HR_MANAGER, ADMIN or OWNER may ${what}`);
  }
}

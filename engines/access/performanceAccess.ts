import type { Prisma, ReviewCycleStatus, ReviewStatus } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from './actor';
import { isHrRole } from './roles';
import { reportIds } from './visibility';

/**
 * Who reads what of Performance (company-api.md, "Sensitive fields": review ratings). One rule for every surface:
 *
 * - HR_MANAGER, ADMIN and OWNER read every review in full; so do the subject's managers up the line (a director
 *   who is not in the line reads nothing of it).
 * - A reviewer reads in full what they write (their self review, a manager or peer review), and nothing else of
 *   the cycle: a peer never reads another review of the person.
 * - The subject reads the other reviews of themself only as a status (kind, reviewer, status: no answers, no
 *   rating) until the cycle is RELEASED; from then on every SUBMITTED review of them in full.
 *
 * Goals are not sensitive: whoever sees the person reads them; the person, their managers up the line and HR
 * write them.
 */

/** `full`: answers and ratings; `status`: the review without `answers` and `rating`; `none`: 404. */
export type ReviewReadLevel = 'full' | 'status' | 'none';

export interface ReviewFacts {
  subjectId: string;
  reviewerId: string;
  status: ReviewStatus;
  cycleStatus: ReviewCycleStatus;
}

/** The employees below `actor` in the reporting line (direct and indirect reports); none without an employee. */
export async function lineReportsOf(prisma: PrismaClient, actor: Actor): Promise<Set<string>> {
  if (!actor.employee) return new Set();
  return new Set(await reportIds(prisma, actor.tenant.id, actor.employee.id));
}

/** How much of a review `actor` reads, given the people below them in the line (`lineReportsOf`). */
export function reviewReadLevel(actor: Actor, review: ReviewFacts, lineReports: ReadonlySet<string>): ReviewReadLevel {
  if (isHrRole(actor.user.role)) return 'full';
  const me = actor.employee?.id;
  if (me === undefined) return 'none';
  if (review.reviewerId === me || lineReports.has(review.subjectId)) return 'full';
  if (review.subjectId !== me) return 'none';
  return review.cycleStatus === 'RELEASED' && review.status === 'SUBMITTED' ? 'full' : 'status';
}

/** The Prisma filter of the reviews `actor` reads at some level (the row-level half of `reviewReadLevel`). */
export function visibleReviewsFilter(actor: Actor, lineReports: ReadonlySet<string>): Prisma.ReviewWhereInput {
  const tenantId = actor.tenant.id;
  if (isHrRole(actor.user.role)) return { tenantId };
  const me = actor.employee?.id;
  if (me === undefined) return { tenantId, id: { in: [] } };
  return { tenantId, OR: [{ reviewerId: me }, { subjectId: me }, { subjectId: { in: [...lineReports] } }] };
}

/** May `actor` nominate peers for the subject, or write the subject's goals: HR, or a manager up the line. */
export function managesInLine(actor: Actor, employeeId: string, lineReports: ReadonlySet<string>): boolean {
  return isHrRole(actor.user.role) || lineReports.has(employeeId);
}

/** May `actor` write the goals of `employeeId`: the person, their managers up the line, HR. */
export function mayWriteGoalsOf(actor: Actor, employeeId: string, lineReports: ReadonlySet<string>): boolean {
  return actor.employee?.id === employeeId || managesInLine(actor, employeeId, lineReports);
}

/** Review cycles are the company's process, not personal data: everyone reads them once launched; drafts only HR. */
export function visibleCyclesFilter(actor: Actor): Prisma.ReviewCycleWhereInput {
  const tenantId = actor.tenant.id;
  return isHrRole(actor.user.role) ? { tenantId } : { tenantId, status: { not: 'DRAFT' } };
}

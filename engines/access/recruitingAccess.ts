import type { JobOpening, Prisma } from '../../db/models';
import type { Db } from '../../db/handle';
import type { Actor } from './actor';
import { isHrRole } from './roles';

/**
 * Who sees what of recruiting (company API, ATS). Job openings that are OPEN or ON_HOLD are the internal job board:
 * everyone with `ats:read` reads them; drafts and closed openings only their recruiting team. Candidates,
 * applications, interviews, feedback and offers are the recruiting team's alone: HR_MANAGER, ADMIN and OWNER, the
 * opening's recruiters and its hiring manager. No role sees them by its visibility (a DIRECTOR gets 404 like
 * anyone else): a candidate is not an employee, and a hire is confidential until it happens. An interviewer
 * additionally sees the applications they interview for, their own interviews there and their own feedback.
 */

type OpeningTeam = Pick<JobOpening, 'hiringManagerId' | 'recruiterIds'>;

/** HR_MANAGER, ADMIN, OWNER, or the opening's hiring manager or one of its recruiters. */
export function runsRecruitingOf(actor: Actor, opening: OpeningTeam): boolean {
  if (isHrRole(actor.user.role)) return true;
  const me = actor.employee?.id;
  return me !== undefined && (opening.hiringManagerId === me || opening.recruiterIds.includes(me));
}

/** HR, or one of the opening's recruiters: who records a candidate's answer to an offer. */
export function recruitsFor(actor: Actor, opening: OpeningTeam): boolean {
  const me = actor.employee?.id;
  return isHrRole(actor.user.role) || (me !== undefined && opening.recruiterIds.includes(me));
}

/** HR, or the opening's hiring manager: who changes the opening itself. */
export function managesOpening(actor: Actor, opening: OpeningTeam): boolean {
  return isHrRole(actor.user.role) || (actor.employee !== null && opening.hiringManagerId === actor.employee.id);
}

/** The openings whose recruiting team the actor is on (all of the workspace's for HR). */
export function teamOpeningsFilter(actor: Actor): Prisma.JobOpeningWhereInput {
  const tenantId = actor.tenant.id;
  if (isHrRole(actor.user.role)) return { tenantId };
  const me = actor.employee?.id;
  if (!me) return { tenantId, id: { in: [] } };
  return { tenantId, OR: [{ hiringManagerId: me }, { recruiterIds: { has: me } }] };
}

/** The openings the actor reads: the job board (OPEN, ON_HOLD) and every opening of their recruiting team. */
export function visibleOpeningsFilter(actor: Actor): Prisma.JobOpeningWhereInput {
  return { OR: [{ tenantId: actor.tenant.id, status: { in: ['OPEN', 'ON_HOLD'] } }, teamOpeningsFilter(actor)] };
}

/** The ids of the applications the actor interviews for (an interview of it lists them as an interviewer). */
async function interviewedApplicationIds(db: Db, actor: Actor): Promise<string[]> {
  const me = actor.employee?.id;
  if (!me) return [];
  const rows = await db.interview.findMany({
    where: { tenantId: actor.tenant.id, interviewerIds: { has: me } },
    select: { applicationId: true },
    distinct: ['applicationId'],
  });
  return rows.map((r) => r.applicationId);
}

/** The applications the actor reads: those of their recruiting team's openings and those they interview for. */
export async function visibleApplicationsFilter(db: Db, actor: Actor): Promise<Prisma.ApplicationWhereInput> {
  const tenantId = actor.tenant.id;
  if (isHrRole(actor.user.role)) return { tenantId };
  const openings = await db.jobOpening.findMany({ where: teamOpeningsFilter(actor), select: { id: true } });
  return {
    tenantId,
    OR: [{ openingId: { in: openings.map((o) => o.id) } }, { id: { in: await interviewedApplicationIds(db, actor) } }],
  };
}

/**
 * How much of one application the actor reads: `team` everything (offers, every interview and feedback),
 * `interviewer` the application and candidate, their own interviews and their own feedback, `none` nothing (404).
 */
export async function applicationAccessOf(
  db: Db,
  actor: Actor,
  application: { id: string; openingId: string },
  opening: OpeningTeam,
): Promise<'team' | 'interviewer' | 'none'> {
  if (runsRecruitingOf(actor, opening)) return 'team';
  const me = actor.employee?.id;
  if (!me) return 'none';
  const interviews = await db.interview.count({
    where: { applicationId: application.id, interviewerIds: { has: me } },
  });
  return interviews > 0 ? 'interviewer' : 'none';
}

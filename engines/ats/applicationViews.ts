import type { Application, Candidate, Interview, InterviewFeedback, JobOpening, Offer } from '../../db/models';
import type { Db } from '../../db/handle';
import type { Actor } from '../access/actor';
import { applicationAccessOf, visibleApplicationsFilter } from '../access/recruitingAccess';
import { AppError } from '../appError';
import { fromDbDate } from '../leave/dates';
import { moneyOf, type Money } from '../../lib/money/money';

export interface CandidateView {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  source: string;
}

export interface FeedbackView {
  interviewerId: string;
  recommendation: string;
  notes: string | null;
  submittedAt: string;
}

export interface InterviewView {
  id: string;
  applicationId: string;
  kind: string;
  scheduledAt: string;
  durationMinutes: number;
  location: string | null;
  interviewerIds: string[];
  status: Interview['status'];
  /** Every interviewer's for the recruiting team; an interviewer reads only their own. */
  feedback: FeedbackView[];
  createdAt: string;
}

export interface OfferView {
  id: string;
  applicationId: string;
  jobTitle: string;
  departmentId: string | null;
  managerId: string | null;
  employmentType: string;
  startDate: string;
  salary: Money;
  status: Offer['status'];
  approvalId: string | null;
  decidedAt: string | null;
  decisionComment: string | null;
  respondedAt: string | null;
  employeeId: string | null;
  createdByUserId: string;
  createdAt: string;
}

export interface StageChangeView {
  fromStage: string | null;
  toStage: string;
  note: string | null;
  byUserId: string | null;
  at: string;
}

export interface ApplicationView {
  id: string;
  openingId: string;
  openingTitle: string;
  candidate: CandidateView;
  stage: string;
  rejectionReason: string | null;
  rejectionNote: string | null;
  employeeId: string | null;
  stageChangedAt: string;
  createdAt: string;
  /** One application's details (GET /api/ats/applications/{id}); absent in lists. */
  history?: StageChangeView[];
  interviews?: InterviewView[];
  /** The recruiting team's only: absent for an interviewer. */
  offers?: OfferView[];
}

export const candidateViewOf = (c: Candidate): CandidateView => ({
  id: c.id,
  name: c.name,
  email: c.email,
  phone: c.phone,
  source: c.source,
});

export function interviewViewOf(i: Interview, feedback: InterviewFeedback[]): InterviewView {
  return {
    id: i.id,
    applicationId: i.applicationId,
    kind: i.kind,
    scheduledAt: i.scheduledAt.toISOString(),
    durationMinutes: i.durationMinutes,
    location: i.location,
    interviewerIds: i.interviewerIds,
    status: i.status,
    feedback: feedback
      .filter((f) => f.interviewId === i.id)
      .map((f) => ({
        interviewerId: f.interviewerId,
        recommendation: f.recommendation,
        notes: f.notes,
        submittedAt: f.submittedAt.toISOString(),
      })),
    createdAt: i.createdAt.toISOString(),
  };
}

export const offerViewOf = (o: Offer): OfferView => ({
  id: o.id,
  applicationId: o.applicationId,
  jobTitle: o.jobTitle,
  departmentId: o.departmentId,
  managerId: o.managerId,
  employmentType: o.employmentType,
  startDate: fromDbDate(o.startDate),
  salary: moneyOf(o.salaryMinor, o.currency),
  status: o.status,
  approvalId: o.approvalId,
  decidedAt: o.decidedAt?.toISOString() ?? null,
  decisionComment: o.decisionComment,
  respondedAt: o.respondedAt?.toISOString() ?? null,
  employeeId: o.employeeId,
  createdByUserId: o.createdByUserId,
  createdAt: o.createdAt.toISOString(),
});

/** Applications as lists answer them: with their candidate and opening title, without details. */
export async function applicationViewsOf(db: Db, rows: Application[]): Promise<ApplicationView[]> {
  if (rows.length === 0) return [];
  const [candidates, openings] = await Promise.all([
    db.candidate.findMany({ where: { id: { in: rows.map((r) => r.candidateId) } } }),
    db.jobOpening.findMany({ where: { id: { in: rows.map((r) => r.openingId) } }, select: { id: true, title: true } }),
  ]);
  const candidateOf = new Map(candidates.map((c) => [c.id, c]));
  const titleOf = new Map(openings.map((o) => [o.id, o.title]));
  return rows.map((r) => ({
    id: r.id,
    openingId: r.openingId,
    openingTitle: titleOf.get(r.openingId) ?? '',
    candidate: candidateViewOf(candidateOf.get(r.candidateId)!),
    stage: r.stage,
    rejectionReason: r.rejectionReason,
    rejectionNote: r.rejectionNote,
    employeeId: r.employeeId,
    stageChangedAt: r.stageChangedAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** An application the actor reads, with its opening and how much of it they read; 404 otherwise. */
export async function findVisibleApplication(
  db: Db,
  actor: Actor,
  id: string,
): Promise<{ application: Application; opening: JobOpening; access: 'team' | 'interviewer' }> {
  const application = await db.application.findFirst({ where: { id, tenantId: actor.tenant.id } });
  const opening = application ? await db.jobOpening.findUnique({ where: { id: application.openingId } }) : null;
  const access = application && opening ? await applicationAccessOf(db, actor, application, opening) : 'none';
  if (!application || !opening || access === 'none') throw new AppError('not_found', `No application ${id}`);
  return { application, opening, access };
}

/** One application in full: its history, the interviews (and offers) the actor reads. */
export async function applicationDetailOf(db: Db, actor: Actor, id: string): Promise<ApplicationView> {
  const { application, access } = await findVisibleApplication(db, actor, id);
  const me = actor.employee?.id ?? '';
  const [view] = await applicationViewsOf(db, [application]);
  const [history, interviews] = await Promise.all([
    db.applicationStageChange.findMany({ where: { applicationId: id }, orderBy: [{ at: 'asc' }, { id: 'asc' }] }),
    db.interview.findMany({
      where: { applicationId: id, ...(access === 'team' ? {} : { interviewerIds: { has: me } }) },
      orderBy: [{ scheduledAt: 'asc' }, { id: 'asc' }],
    }),
  ]);
  const feedback = await db.interviewFeedback.findMany({
    where: { interviewId: { in: interviews.map((i) => i.id) }, ...(access === 'team' ? {} : { interviewerId: me }) },
    orderBy: { submittedAt: 'asc' },
  });
  const offers =
    access === 'team'
      ? await db.offer.findMany({ where: { applicationId: id }, orderBy: { createdAt: 'asc' } })
      : undefined;
  return {
    ...view!,
    history: history.map((h) => ({
      fromStage: h.fromStage,
      toStage: h.toStage,
      note: h.note,
      byUserId: h.byUserId,
      at: h.at.toISOString(),
    })),
    interviews: interviews.map((i) => interviewViewOf(i, feedback)),
    ...(offers ? { offers: offers.map(offerViewOf) } : {}),
  };
}

export { visibleApplicationsFilter };

import type { Interview, Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { teamOpeningsFilter } from '../access/recruitingAccess';
import { AppError } from '../appError';
import type { Clock } from '../clock';
import { requireEmployee } from '../organization/references';
import { emitAtsWebhookEvent } from './atsWebhooks';
import { notifyAts, usersOfEmployees, type AtsNotificationKind } from './atsNotifications';
import { lockApplication } from './applications';
import { findVisibleApplication, interviewViewOf, type InterviewView } from './applicationViews';
import { isActiveStage } from './pipeline';

type Tx = Prisma.TransactionClient;

/**
 * Interviews of an application (company API, ATS): the recruiting team schedules, cancels and completes them; each
 * interviewer gives feedback once (a recommendation and notes). Interviewers are told when they are asked and
 * when an interview is called off, and from then on read the application they interview for.
 */

export const interviewKinds = ['phone_screen', 'technical', 'onsite', 'culture', 'panel', 'other'] as const;
export const recommendations = ['strong_yes', 'yes', 'no', 'strong_no'] as const;
export type Recommendation = (typeof recommendations)[number];

/** How far ahead an interview may be scheduled, and how far back one that already took place may be recorded. */
export const MAX_DAYS_AHEAD = 366;
export const MAX_DAYS_BACK = 30;
const DAY_MS = 86_400_000;

export interface NewInterview {
  kind: string;
  scheduledAt: Date;
  durationMinutes: number;
  interviewerIds: string[];
  location?: string | undefined;
}

async function tellInterviewers(tx: Tx, kind: AtsNotificationKind, interview: Interview): Promise<void> {
  const application = await tx.application.findUniqueOrThrow({
    where: { id: interview.applicationId },
    select: { candidateId: true, openingId: true },
  });
  const [candidate, opening] = await Promise.all([
    tx.candidate.findUniqueOrThrow({ where: { id: application.candidateId }, select: { name: true } }),
    tx.jobOpening.findUniqueOrThrow({ where: { id: application.openingId }, select: { title: true } }),
  ]);
  await notifyAts(tx, await usersOfEmployees(tx, interview.interviewerIds), kind, {
    tenantId: interview.tenantId,
    candidateName: candidate.name,
    openingTitle: opening.title,
    data: { interviewId: interview.id, applicationId: interview.applicationId },
    detail: `${interview.kind.replace('_', ' ')} at ${interview.scheduledAt.toISOString()}, ${interview.durationMinutes} minutes.`,
  });
}

/**
 * Calls off the interviews still SCHEDULED of an application that just ended (rejected, withdrawn, hired), inside
 * its transaction: their interviewers are told they need not come.
 */
export async function cancelScheduledInterviews(tx: Tx, tenantId: string, applicationId: string): Promise<void> {
  const scheduled = await tx.interview.findMany({ where: { tenantId, applicationId, status: 'SCHEDULED' } });
  for (const interview of scheduled) {
    const cancelled = await tx.interview.update({ where: { id: interview.id }, data: { status: 'CANCELLED' } });
    await tellInterviewers(tx, 'ats.interview_cancelled', cancelled);
    await emitAtsWebhookEvent(tx, 'ats.interview.cancelled', tenantId, { interviewId: interview.id, applicationId });
  }
}

/** The recruiting team schedules an interview of an active application. */
export async function scheduleInterview(
  prisma: PrismaClient,
  actor: Actor,
  applicationId: string,
  input: NewInterview,
  clock: Clock,
): Promise<InterviewView> {
  const { access } = await findVisibleApplication(prisma, actor, applicationId);
  if (access !== 'team') throw new AppError('forbidden', 'Only the recruiting team schedules interviews');
  const now = clock.now().getTime();
  if (input.scheduledAt.getTime() > now + MAX_DAYS_AHEAD * DAY_MS) {
    throw new AppError('validation_error', `scheduledAt: at most ${MAX_DAYS_AHEAD} days ahead`);
  }
  if (input.scheduledAt.getTime() < now - MAX_DAYS_BACK * DAY_MS) {
    throw new AppError('validation_error', `scheduledAt: at most ${MAX_DAYS_BACK} days back`);
  }
  const tenantId = actor.tenant.id;
  const interview = await prisma.$transaction(async (tx) => {
    const application = await lockApplication(tx, tenantId, applicationId);
    for (const [i, id] of input.interviewerIds.entries())
      await requireEmployee(tx, tenantId, id, `interviewerIds.${i}`);
    if (!isActiveStage(application.stage)) {
      throw new AppError('conflict', `The application is at stage ${application.stage}: it has no more interviews`);
    }
    const created = await tx.interview.create({
      data: {
        tenantId,
        applicationId,
        kind: input.kind,
        scheduledAt: input.scheduledAt,
        durationMinutes: input.durationMinutes,
        location: input.location ?? null,
        interviewerIds: [...new Set(input.interviewerIds)],
        status: 'SCHEDULED',
        createdByUserId: actor.user.id,
      },
    });
    await tellInterviewers(tx, 'ats.interview_scheduled', created);
    await emitAtsWebhookEvent(tx, 'ats.interview.scheduled', tenantId, {
      interviewId: created.id,
      applicationId,
      scheduledAt: created.scheduledAt.toISOString(),
    });
    return created;
  });
  return interviewViewOf(interview, []);
}

/** An interview the actor reads (its application's team, or one of its interviewers), and that access; 404 else. */
async function findVisibleInterview(prisma: PrismaClient, actor: Actor, id: string) {
  const interview = await prisma.interview.findFirst({ where: { id, tenantId: actor.tenant.id } });
  if (!interview) throw new AppError('not_found', `No interview ${id}`);
  const { access } = await findVisibleApplication(prisma, actor, interview.applicationId).catch(() => ({
    access: 'none' as const,
  }));
  const mine = actor.employee !== null && interview.interviewerIds.includes(actor.employee.id);
  if (access === 'none' || (access === 'interviewer' && !mine)) throw new AppError('not_found', `No interview ${id}`);
  return { interview, access, mine };
}

async function endInterview(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  status: 'CANCELLED' | 'COMPLETED',
): Promise<InterviewView> {
  const { access } = await findVisibleInterview(prisma, actor, id);
  if (access !== 'team') throw new AppError('forbidden', 'Only the recruiting team cancels or completes interviews');
  const { ended, feedback } = await prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM interviews WHERE id = ${id}::uuid FOR UPDATE`;
    const current = await tx.interview.findUniqueOrThrow({ where: { id } });
    if (current.status !== 'SCHEDULED') {
      throw new AppError(
        'conflict',
        `The interview is ${current.status}: only a SCHEDULED one is cancelled or completed`,
      );
    }
    const updated = await tx.interview.update({ where: { id }, data: { status } });
    if (status === 'CANCELLED') await tellInterviewers(tx, 'ats.interview_cancelled', updated);
    await emitAtsWebhookEvent(
      tx,
      status === 'CANCELLED' ? 'ats.interview.cancelled' : 'ats.interview.completed',
      actor.tenant.id,
      { interviewId: id, applicationId: updated.applicationId },
    );
    return { ended: updated, feedback: await tx.interviewFeedback.findMany({ where: { interviewId: id } }) };
  });
  return interviewViewOf(ended, feedback);
}

export const cancelInterview = (prisma: PrismaClient, actor: Actor, id: string) =>
  endInterview(prisma, actor, id, 'CANCELLED');
export const completeInterview = (prisma: PrismaClient, actor: Actor, id: string) =>
  endInterview(prisma, actor, id, 'COMPLETED');

/** One interviewer's scorecard, once: only who the interview lists, never on a cancelled interview. */
export async function submitInterviewFeedback(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  input: { recommendation: Recommendation; notes?: string | undefined },
): Promise<InterviewView> {
  const { mine } = await findVisibleInterview(prisma, actor, id);
  if (!mine) throw new AppError('forbidden', 'Only the interview’s interviewers give feedback on it');
  const me = actor.employee!.id;
  const interview = await prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM interviews WHERE id = ${id}::uuid FOR UPDATE`;
    const current = await tx.interview.findUniqueOrThrow({ where: { id } });
    if (current.status === 'CANCELLED')
      throw new AppError('conflict', 'The interview is CANCELLED: it takes no feedback');
    const given = await tx.interviewFeedback.findUnique({
      where: { interviewId_interviewerId: { interviewId: id, interviewerId: me } },
      select: { submittedAt: true },
    });
    if (given) {
      throw new AppError('conflict', `You gave your feedback on this interview at ${given.submittedAt.toISOString()}`);
    }
    await tx.interviewFeedback.create({
      data: {
        tenantId: actor.tenant.id,
        interviewId: id,
        interviewerId: me,
        recommendation: input.recommendation,
        notes: input.notes ?? null,
      },
    });
    return current;
  });
  const feedback = await prisma.interviewFeedback.findMany({ where: { interviewId: id, interviewerId: me } });
  return interviewViewOf(interview, feedback);
}

/**
 * The interviews the actor reads, newest first: every interview of their recruiting team's applications (with all
 * feedback) and the ones they interview at (with their own feedback only). `mine` keeps only the latter.
 */
export async function listInterviews(
  prisma: PrismaClient,
  actor: Actor,
  query: {
    applicationId?: string | undefined;
    status?: Interview['status'] | undefined;
    mine?: boolean | undefined;
    limit: number;
    after?: string | undefined;
  },
): Promise<{ interviews: InterviewView[]; nextCursor: string | null }> {
  const me = actor.employee?.id ?? null;
  const team = await prisma.application.findMany({
    where: {
      openingId: { in: (await prisma.jobOpening.findMany({ where: teamOpeningsFilter(actor) })).map((o) => o.id) },
    },
    select: { id: true },
  });
  const teamApplications = new Set(team.map((a) => a.id));
  const reach: Prisma.InterviewWhereInput[] = me ? [{ interviewerIds: { has: me } }] : [];
  if (!query.mine) reach.push({ applicationId: { in: [...teamApplications] } });
  const rows = await prisma.interview.findMany({
    where: {
      AND: [
        { tenantId: actor.tenant.id, OR: reach },
        query.applicationId ? { applicationId: query.applicationId } : {},
        query.status ? { status: query.status } : {},
        query.after ? { id: { lt: query.after } } : {},
      ],
    },
    orderBy: { id: 'desc' },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const feedback = await prisma.interviewFeedback.findMany({
    where: { interviewId: { in: page.map((i) => i.id) } },
    orderBy: { submittedAt: 'asc' },
  });
  return {
    interviews: page.map((i) =>
      interviewViewOf(
        i,
        teamApplications.has(i.applicationId) ? feedback : feedback.filter((f) => f.interviewerId === me),
      ),
    ),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}

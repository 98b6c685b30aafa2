import type { Application, Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { runsRecruitingOf, visibleApplicationsFilter } from '../access/recruitingAccess';
import { AppError } from '../appError';
import { emitAtsWebhookEvent } from './atsWebhooks';
import { notifyAts, usersOfEmployees } from './atsNotifications';
import { applicationDetailOf, applicationViewsOf, type ApplicationView } from './applicationViews';
import { lockOpening } from './jobOpenings';
import { findVisibleOpening } from './openingViews';
import type { Stage } from './pipeline';

type Tx = Prisma.TransactionClient;

/**
 * Candidates and their applications (company API, ATS). A candidate is one row per e-mail address of a workspace,
 * reused when the same person applies to another opening; an application puts them in one opening's pipeline, at
 * most once (409). The recruiting team of an opening (engines/access/recruitingAccess.ts) adds candidates to it.
 */

export interface NewApplication {
  candidate: { name: string; email: string; phone?: string | undefined; source?: string | undefined };
  note?: string | undefined;
}

/** The application's row, locked for the rest of the transaction (after its opening's lock, where both are taken). */
export async function lockApplication(tx: Tx, tenantId: string, id: string): Promise<Application> {
  await tx.$queryRaw`SELECT id FROM applications WHERE id = ${id}::uuid AND tenant_id = ${tenantId}::uuid FOR UPDATE`;
  const row = await tx.application.findFirst({ where: { id, tenantId } });
  if (!row) throw new AppError('not_found', `No application ${id}`);
  return row;
}

/** One line of an application's history, with the stage and time it moved. */
export async function recordStageChange(
  tx: Tx,
  application: Pick<Application, 'id' | 'tenantId' | 'openingId' | 'stage'>,
  to: Stage,
  by: { userId: string | null; note?: string | null | undefined; at: Date },
): Promise<void> {
  await tx.applicationStageChange.create({
    data: {
      tenantId: application.tenantId,
      applicationId: application.id,
      fromStage: application.stage,
      toStage: to,
      note: by.note ?? null,
      byUserId: by.userId,
      at: by.at,
    },
  });
  await emitAtsWebhookEvent(tx, 'ats.application.stage_changed', application.tenantId, {
    applicationId: application.id,
    openingId: application.openingId,
    from: application.stage,
    stage: to,
  });
}

/** Adds a candidate to an OPEN opening at stage `applied`: its recruiting team only. */
export async function createApplication(
  prisma: PrismaClient,
  actor: Actor,
  openingId: string,
  input: NewApplication,
): Promise<ApplicationView> {
  const seen = await findVisibleOpening(prisma, actor, openingId);
  if (!runsRecruitingOf(actor, seen)) {
    throw new AppError('forbidden', 'Only HR and the opening’s recruiters and hiring manager add its candidates');
  }
  const tenantId = actor.tenant.id;
  const email = input.candidate.email.toLowerCase();
  const id = await prisma.$transaction(async (tx) => {
    const opening = await lockOpening(tx, tenantId, openingId);
    if (opening.status !== 'OPEN') {
      throw new AppError('conflict', `The opening is ${opening.status}: only an OPEN opening takes applications`);
    }
    const candidate = await tx.candidate.upsert({
      where: { tenantId_email: { tenantId, email } },
      create: {
        tenantId,
        email,
        name: input.candidate.name,
        phone: input.candidate.phone ?? null,
        source: input.candidate.source ?? 'applied',
        createdByUserId: actor.user.id,
      },
      update: {},
    });
    const existing = await tx.application.findUnique({
      where: { openingId_candidateId: { openingId, candidateId: candidate.id } },
      select: { id: true, stage: true },
    });
    if (existing) {
      throw new AppError(
        'conflict',
        `${email} already applied to this opening: application ${existing.id}, at stage ${existing.stage}`,
      );
    }
    const at = new Date();
    const application = await tx.application.create({
      data: { tenantId, openingId, candidateId: candidate.id, stage: 'applied', stageChangedAt: at },
    });
    await tx.applicationStageChange.create({
      data: {
        tenantId,
        applicationId: application.id,
        fromStage: null,
        toStage: 'applied',
        note: input.note ?? null,
        byUserId: actor.user.id,
        at,
      },
    });
    const team = await usersOfEmployees(tx, [opening.hiringManagerId, ...opening.recruiterIds]);
    await notifyAts(
      tx,
      team.filter((u) => u !== actor.user.id),
      'ats.application_received',
      {
        tenantId,
        candidateName: candidate.name,
        openingTitle: opening.title,
        data: { applicationId: application.id, openingId },
      },
    );
    await emitAtsWebhookEvent(tx, 'ats.application.created', tenantId, {
      applicationId: application.id,
      openingId,
      candidateId: candidate.id,
      stage: 'applied',
    });
    return application.id;
  });
  return applicationDetailOf(prisma, actor, id);
}

export async function getApplication(prisma: PrismaClient, actor: Actor, id: string): Promise<ApplicationView> {
  return applicationDetailOf(prisma, actor, id);
}

/** The applications the actor reads, newest first: of one opening, at one stage, of one candidate. */
export async function listApplications(
  prisma: PrismaClient,
  actor: Actor,
  query: {
    openingId?: string | undefined;
    stage?: Stage | undefined;
    candidateId?: string | undefined;
    limit: number;
    after?: string | undefined;
  },
): Promise<{ applications: ApplicationView[]; nextCursor: string | null }> {
  const rows = await prisma.application.findMany({
    where: {
      AND: [
        await visibleApplicationsFilter(prisma, actor),
        query.openingId ? { openingId: query.openingId } : {},
        query.stage ? { stage: query.stage } : {},
        query.candidateId ? { candidateId: query.candidateId } : {},
        query.after ? { id: { lt: query.after } } : {},
      ],
    },
    orderBy: { id: 'desc' },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    applications: await applicationViewsOf(prisma, page),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}

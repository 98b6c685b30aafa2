import type { JobOpening, JobOpeningStatus, Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { managesOpening, visibleOpeningsFilter } from '../access/recruitingAccess';
import { isHrRole } from '../access/roles';
import { AppError } from '../appError';
import { requireDepartment, requireEmployee, requireLocation } from '../organization/references';
import { emitAtsWebhookEvent } from './atsWebhooks';
import { openingMoveProblem } from './openingStatus';
import { findVisibleOpening, openingViewsOf, type JobOpeningView } from './openingViews';

type Tx = Prisma.TransactionClient;

/**
 * Job openings (company API, ATS): HR_MANAGER, ADMIN and OWNER open them; the hiring manager of one changes it and
 * moves its status with HR. OPEN and ON_HOLD openings are the internal job board everyone reads.
 */

export interface OpeningFields {
  title?: string;
  description?: string | null;
  departmentId?: string | null;
  locationId?: string | null;
  employmentType?: string;
  hiringManagerId?: string;
  recruiterIds?: string[];
  openings?: number;
}

export type NewOpening = OpeningFields &
  Required<Pick<OpeningFields, 'title' | 'hiringManagerId'>> & { status: 'DRAFT' | 'OPEN' };

/** 400 naming the field for a department, location or employee that is not the workspace's. */
async function checkReferences(tx: Tx, tenantId: string, input: OpeningFields): Promise<void> {
  if (input.departmentId) await requireDepartment(tx, tenantId, input.departmentId, 'departmentId');
  if (input.locationId) await requireLocation(tx, tenantId, input.locationId, 'locationId');
  if (input.hiringManagerId) await requireEmployee(tx, tenantId, input.hiringManagerId, 'hiringManagerId');
  for (const [i, id] of (input.recruiterIds ?? []).entries()) {
    await requireEmployee(tx, tenantId, id, `recruiterIds.${i}`);
  }
}

/** The opening's row, locked for the rest of the transaction: every writer of an opening and its hires takes it. */
export async function lockOpening(tx: Tx, tenantId: string, id: string): Promise<JobOpening> {
  await tx.$queryRaw`SELECT id FROM job_openings WHERE id = ${id}::uuid AND tenant_id = ${tenantId}::uuid FOR UPDATE`;
  const row = await tx.jobOpening.findFirst({ where: { id, tenantId } });
  if (!row) throw new AppError('not_found', `No job opening ${id}`);
  return row;
}

export async function createJobOpening(prisma: PrismaClient, actor: Actor, input: NewOpening): Promise<JobOpeningView> {
  if (!isHrRole(actor.user.role)) {
    throw new AppError('forbidden', 'Only HR_MANAGER, ADMIN and OWNER open job openings');
  }
  const tenantId = actor.tenant.id;
  const row = await prisma.$transaction(async (tx) => {
    await checkReferences(tx, tenantId, input);
    const created = await tx.jobOpening.create({
      data: {
        tenantId,
        title: input.title,
        description: input.description ?? null,
        departmentId: input.departmentId ?? null,
        locationId: input.locationId ?? null,
        employmentType: input.employmentType ?? 'full_time',
        hiringManagerId: input.hiringManagerId,
        recruiterIds: [...new Set(input.recruiterIds ?? [])],
        openings: input.openings ?? 1,
        status: input.status,
        openedAt: input.status === 'OPEN' ? new Date() : null,
        createdByUserId: actor.user.id,
      },
    });
    await emitAtsWebhookEvent(tx, 'ats.opening.created', tenantId, { openingId: created.id, status: created.status });
    return created;
  });
  return (await openingViewsOf(prisma, [row]))[0]!;
}

/** Changes an opening's fields: HR, or its hiring manager (who may not hand the opening to someone else). */
export async function updateJobOpening(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  input: OpeningFields,
): Promise<JobOpeningView> {
  const seen = await findVisibleOpening(prisma, actor, id);
  if (!managesOpening(actor, seen)) throw new AppError('forbidden', 'Only HR and the hiring manager change an opening');
  if (input.hiringManagerId !== undefined && !isHrRole(actor.user.role)) {
    throw new AppError('forbidden', 'Only HR_MANAGER, ADMIN and OWNER change an opening’s hiring manager');
  }
  const row = await prisma.$transaction(async (tx) => {
    const current = await lockOpening(tx, actor.tenant.id, id);
    if (current.status === 'CLOSED')
      throw new AppError('conflict', 'The opening is CLOSED: it does not change any more');
    await checkReferences(tx, actor.tenant.id, input);
    if (input.openings !== undefined) {
      const hired = await tx.application.count({ where: { openingId: id, stage: 'hired' } });
      if (input.openings < hired) {
        throw new AppError('validation_error', `openings: ${hired} already hired; at least that many`);
      }
    }
    const updated = await tx.jobOpening.update({
      where: { id },
      data: {
        ...input,
        ...(input.recruiterIds ? { recruiterIds: [...new Set(input.recruiterIds)] } : {}),
      },
    });
    await emitAtsWebhookEvent(tx, 'ats.opening.updated', actor.tenant.id, {
      openingId: id,
      fields: Object.keys(input),
    });
    return updated;
  });
  return (await openingViewsOf(prisma, [row]))[0]!;
}

/** Moves an opening's status (engines/ats/openingStatus.ts): HR, or its hiring manager. 409 names the status. */
export async function setJobOpeningStatus(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  status: JobOpeningStatus,
): Promise<JobOpeningView> {
  const seen = await findVisibleOpening(prisma, actor, id);
  if (!managesOpening(actor, seen)) throw new AppError('forbidden', 'Only HR and the hiring manager move an opening');
  const row = await prisma.$transaction(async (tx) => {
    const current = await lockOpening(tx, actor.tenant.id, id);
    const problem = openingMoveProblem(current.status, status);
    if (problem) throw new AppError('conflict', problem);
    return moveOpening(tx, current, status, new Date());
  });
  return (await openingViewsOf(prisma, [row]))[0]!;
}

/** Writes an opening's new status under its lock (the caller checked the move). */
export async function moveOpening(tx: Tx, opening: JobOpening, status: JobOpeningStatus, at: Date) {
  const moved = await tx.jobOpening.update({
    where: { id: opening.id },
    data: {
      status,
      ...(status === 'OPEN' && !opening.openedAt ? { openedAt: at } : {}),
      ...(status === 'CLOSED' ? { closedAt: at } : {}),
    },
  });
  await emitAtsWebhookEvent(tx, 'ats.opening.status_changed', opening.tenantId, {
    openingId: opening.id,
    from: opening.status,
    status,
  });
  return moved;
}

export async function getJobOpening(prisma: PrismaClient, actor: Actor, id: string): Promise<JobOpeningView> {
  return (await openingViewsOf(prisma, [await findVisibleOpening(prisma, actor, id)]))[0]!;
}

export async function listJobOpenings(
  prisma: PrismaClient,
  actor: Actor,
  query: { status?: JobOpeningStatus | undefined; departmentId?: string | undefined; limit: number; after?: string },
): Promise<{ openings: JobOpeningView[]; nextCursor: string | null }> {
  const rows = await prisma.jobOpening.findMany({
    where: {
      AND: [
        visibleOpeningsFilter(actor),
        query.status ? { status: query.status } : {},
        query.departmentId ? { departmentId: query.departmentId } : {},
        query.after ? { id: { lt: query.after } } : {},
      ],
    },
    orderBy: { id: 'desc' },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    openings: await openingViewsOf(prisma, page),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}

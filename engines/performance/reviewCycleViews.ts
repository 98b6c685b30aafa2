import type { Prisma, ReviewCycle } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { visibleCyclesFilter } from '../access/performanceAccess';
import { AppError } from '../appError';
import { fromDbDate, type IsoDate } from '../leave/dates';

export type ReviewKind = 'self' | 'manager' | 'peer';
export const reviewKinds: readonly ReviewKind[] = ['self', 'manager', 'peer'];

export interface ReviewQuestion {
  id: string;
  text: string;
  type: 'rating' | 'text';
}

/** A review cycle as the API answers it. */
export interface ReviewCycleView {
  id: string;
  name: string;
  periodStart: IsoDate;
  periodEnd: IsoDate;
  opensOn: IsoDate;
  closesOn: IsoDate;
  reviewKinds: ReviewKind[];
  questions: ReviewQuestion[];
  departmentId: string | null;
  status: ReviewCycle['status'];
  /** The Temporal workflow that opens, reminds and closes it; null until it started. */
  workflowId: string | null;
  openedAt: string | null;
  closedAt: string | null;
  releasedAt: string | null;
  createdAt: string;
}

export function questionsOf(cycle: Pick<ReviewCycle, 'questions'>): ReviewQuestion[] {
  return cycle.questions as unknown as ReviewQuestion[];
}

export function cycleView(c: ReviewCycle): ReviewCycleView {
  return {
    id: c.id,
    name: c.name,
    periodStart: fromDbDate(c.periodStart),
    periodEnd: fromDbDate(c.periodEnd),
    opensOn: fromDbDate(c.opensOn),
    closesOn: fromDbDate(c.closesOn),
    reviewKinds: c.reviewKinds as ReviewKind[],
    questions: questionsOf(c),
    departmentId: c.departmentId,
    status: c.status,
    workflowId: c.workflowId,
    openedAt: c.openedAt?.toISOString() ?? null,
    closedAt: c.closedAt?.toISOString() ?? null,
    releasedAt: c.releasedAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
  };
}

/** A cycle `actor` may read; 404 otherwise, whether it exists or not. */
export async function findVisibleCycle(prisma: PrismaClient, actor: Actor, id: string): Promise<ReviewCycle> {
  const row = await prisma.reviewCycle.findFirst({ where: { AND: [{ id }, visibleCyclesFilter(actor)] } });
  if (!row) throw new AppError('not_found', `No review cycle ${id}`);
  return row;
}

/**
 * Locks a cycle's row for the rest of the transaction: every change of a cycle and its reviews takes it first, so a
 * review is never written beside a step of the cycle (opening, closing, cancelling). Writing a review takes it
 * `share`d: reviewers do not wait for each other.
 */
export async function lockCycle(
  tx: Prisma.TransactionClient,
  tenantId: string,
  id: string,
  mode: 'update' | 'share' = 'update',
): Promise<ReviewCycle | null> {
  if (mode === 'share') {
    await tx.$queryRaw`SELECT id FROM review_cycles WHERE id = ${id}::uuid AND tenant_id = ${tenantId}::uuid FOR SHARE`;
  } else {
    await tx.$queryRaw`SELECT id FROM review_cycles WHERE id = ${id}::uuid AND tenant_id = ${tenantId}::uuid FOR UPDATE`;
  }
  return tx.reviewCycle.findFirst({ where: { id, tenantId } });
}

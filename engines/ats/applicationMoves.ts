import type { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { isHrRole } from '../access/roles';
import { AppError } from '../appError';
import { lockApplication, recordStageChange } from './applications';
import { cancelScheduledInterviews } from './interviews';
import { applicationDetailOf, findVisibleApplication, type ApplicationView } from './applicationViews';
import { stageMoveProblem, type RejectionReason, type Stage, type StageMove } from './pipeline';

/**
 * An application's stage moves (engines/ats/pipeline.ts): advance, reject with a reason, withdraw, and HR's reopen
 * of a rejected one. The recruiting team moves its openings' applications (an interviewer reads, never moves);
 * each move is one line of the history, under the application's lock; an application that ends calls off its
 * interviews still scheduled. `hired` comes only from an accepted offer
 * (engines/ats/offerAcceptance.ts).
 */

/** Offers that still bind an application: it is not rejected or withdrawn under them. */
const liveOfferStatuses = ['PENDING', 'APPROVED'] as const;

async function move(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  kind: StageMove,
  target: (current: { stage: string; id: string }, tx: Prisma.TransactionClient) => Promise<Stage> | Stage,
  extra: { note?: string | undefined; reason?: RejectionReason } = {},
): Promise<ApplicationView> {
  const { access } = await findVisibleApplication(prisma, actor, id);
  if (access !== 'team') {
    throw new AppError('forbidden', 'Only HR and the opening’s recruiters and hiring manager move its applications');
  }
  if (kind === 'reopen' && !isHrRole(actor.user.role)) {
    throw new AppError('forbidden', 'Only HR_MANAGER, ADMIN and OWNER reopen a rejected application');
  }
  await prisma.$transaction(async (tx) => {
    const current = await lockApplication(tx, actor.tenant.id, id);
    const to = await target(current, tx);
    const problem = stageMoveProblem(kind, current.stage, to);
    if (problem) throw new AppError('conflict', problem);
    if (kind === 'reject' || kind === 'withdraw') {
      const offer = await tx.offer.findFirst({
        where: { applicationId: id, status: { in: [...liveOfferStatuses] } },
        select: { id: true, status: true },
      });
      if (offer) {
        throw new AppError('conflict', `Its offer ${offer.id} is ${offer.status}: withdraw the offer first`);
      }
    }
    const at = new Date();
    await tx.application.update({
      where: { id },
      data: {
        stage: to,
        stageChangedAt: at,
        ...(kind === 'reject' ? { rejectionReason: extra.reason ?? null, rejectionNote: extra.note ?? null } : {}),
        ...(kind === 'reopen' ? { rejectionReason: null, rejectionNote: null } : {}),
      },
    });
    await recordStageChange(tx, current, to, { userId: actor.user.id, note: extra.note, at });
    if (kind === 'reject' || kind === 'withdraw') await cancelScheduledInterviews(tx, actor.tenant.id, id);
  });
  return applicationDetailOf(prisma, actor, id);
}

/** Moves an active application forward, skipping stages if need be; never to `hired`. */
export function advanceApplication(prisma: PrismaClient, actor: Actor, id: string, to: Stage, note?: string) {
  return move(prisma, actor, id, 'advance', () => to, { note });
}

/** Ends an active application with a reason (and a note; `other` needs one, checked by the operation). */
export function rejectApplication(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  reason: RejectionReason,
  note?: string,
) {
  return move(prisma, actor, id, 'reject', () => 'rejected', { reason, note });
}

/** The candidate withdrew: the application ends at `withdrawn`. */
export function withdrawApplication(prisma: PrismaClient, actor: Actor, id: string, note?: string) {
  return move(prisma, actor, id, 'withdraw', () => 'withdrawn', { note });
}

/** HR takes a rejected application back to the stage it was rejected at (the last move into `rejected`). */
export function reopenApplication(prisma: PrismaClient, actor: Actor, id: string, note?: string) {
  return move(
    prisma,
    actor,
    id,
    'reopen',
    async (current, tx) => {
      if (current.stage !== 'rejected') return current.stage as Stage;
      const last = await tx.applicationStageChange.findFirst({
        where: { applicationId: current.id, toStage: 'rejected' },
        orderBy: [{ at: 'desc' }, { id: 'desc' }],
      });
      return (last?.fromStage ?? 'applied') as Stage;
    },
    { note },
  );
}

import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { AppError } from '../appError';
import { closePendingActions } from './actions';
import { closeOpenQuestions } from './questions';
import { lockOwnRun, lockRun, setRunStatus, type RunRow } from './runs';
import { isTerminal, terminalRunStatuses } from './runStates';
import type { Prisma } from '../../db/models';

/**
 * The run's user asks to cancel their own run: it becomes `cancelling`, and its workflow ends it `cancelled` at
 * its next safe point (never in the middle of a write). 404 for another user's run; 409 `conflict` once it is over.
 */
export async function requestCancel(
  prisma: PrismaClient,
  actor: Actor,
  runId: string,
  reason: string | undefined,
): Promise<RunRow> {
  return prisma.$transaction(async (tx) => {
    const run = await lockOwnRun(tx, actor, runId);
    if (isTerminal(run.status)) throw new AppError('conflict', `The run is already ${run.status}`);
    return markCancelling(tx, run, reason ?? 'Cancelled by the user');
  });
}

/** A locked run not over yet becomes `cancelling` (once: a second request keeps the first reason). */
async function markCancelling(tx: Prisma.TransactionClient, run: RunRow, message: string): Promise<RunRow> {
  if (run.status === 'cancelling') return run;
  return tx.agentRun.update({
    where: { id: run.id },
    data: { status: 'cancelling', error: { code: 'cancelled', message } },
  });
}

/**
 * The system asks every run of a user that is not over to cancel (a leaver's last day, engines/offboarding), in
 * the caller's transaction; answers their workflow ids, to be told (cancelRequested) after commit.
 */
export async function requestCancelOfUserRuns(
  tx: Prisma.TransactionClient,
  tenantId: string,
  userId: string,
  reason: string,
): Promise<string[]> {
  const open = await tx.agentRun.findMany({
    where: { tenantId, userId, status: { notIn: [...terminalRunStatuses] } },
    select: { id: true },
    orderBy: { id: 'asc' },
  });
  const workflowIds: string[] = [];
  for (const { id } of open) {
    const run = await lockRun(tx, id);
    if (isTerminal(run.status)) continue;
    workflowIds.push((await markCancelling(tx, run, reason)).workflowId);
  }
  return workflowIds;
}

/**
 * Ends a locked run `cancelled` or `expired`: its pending actions and open question are closed the same way, and
 * nothing of them is executed.
 */
export async function endWaitingRun(
  tx: Prisma.TransactionClient,
  run: RunRow,
  status: 'cancelled' | 'expired',
  error: { code: string; message: string },
): Promise<void> {
  await closePendingActions(tx, run, status);
  await closeOpenQuestions(tx, run, status);
  await setRunStatus(tx, run, status, { error });
}

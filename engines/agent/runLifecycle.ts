import type { PrismaClient } from '../../db/prismaClient';
import { closePendingActions } from './actions';
import { endWaitingRun } from './cancelRun';
import { lockRun, setRunStatus } from './runs';
import { isTerminal } from './runStates';
import { auditRunStep } from './stepAudit';

/** How a run ends when its workflow ends it (a reply completes it in its step). */
export interface RunEnding {
  status: 'cancelled' | 'expired' | 'failed';
  error: { code: string; message: string };
}

/**
 * The run's status changes its workflow makes between steps, each on the locked run and a no-op when the run is no
 * longer in the state it expects, so a retried activity changes nothing twice (as engines/leave/transitions.ts does
 * for leave requests).
 */

/** `queued → in_progress` as the workflow starts. */
export async function beginRun(prisma: PrismaClient, runId: string): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (run.status === 'queued') await setRunStatus(tx, run, 'in_progress');
  });
}

/** `requires_action → in_progress` once every action of the approval was carried out. */
export async function resumeRun(prisma: PrismaClient, runId: string): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (run.status === 'requires_action') await setRunStatus(tx, run, 'in_progress');
  });
}

/**
 * What the database says of a run's waits: the actions among `actionIds` that are no longer pending, whether the
 * question was answered, and a cancel request.
 */
export async function readRunWaits(
  prisma: PrismaClient,
  runId: string,
  waits: { actionIds?: string[] | undefined; questionId?: string | undefined },
): Promise<{ decided: string[]; answered: boolean; cancel: { reason: string } | null }> {
  const run = await prisma.agentRun.findUniqueOrThrow({ where: { id: runId } });
  const actions = waits.actionIds?.length
    ? await prisma.agentAction.findMany({ where: { runId: run.id, id: { in: waits.actionIds } } })
    : [];
  const question = waits.questionId ? await prisma.agentQuestion.findUnique({ where: { id: waits.questionId } }) : null;
  const error = run.error as { message?: string } | null;
  return {
    decided: actions.filter((a) => a.status !== 'pending').map((a) => a.id),
    answered: question !== null && question.status !== 'open',
    cancel: run.status === 'cancelling' ? { reason: error?.message ?? 'Cancelled by the user' } : null,
  };
}

/**
 * Ends the run `cancelled`, `expired` or `failed`; what it waited for (pending actions, an open question) is closed
 * the same way and never carried out. A run already over is left as it is.
 */
export async function endRun(prisma: PrismaClient, runId: string, ending: RunEnding): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (isTerminal(run.status)) return;
    await auditRunStep(tx, run, {
      operation: 'agent_run_ended',
      arguments: { status: ending.status, code: ending.error.code },
      outcome: ending.status === 'failed' ? 'failure' : 'success',
      errorCode: ending.status === 'failed' ? ending.error.code : undefined,
      requestId: `${run.id}:end`,
    });
    if (ending.status === 'failed') {
      await closePendingActions(tx, run, 'cancelled');
      await setRunStatus(tx, run, 'failed', { error: ending.error });
    } else {
      await endWaitingRun(tx, run, ending.status, ending.error);
    }
  });
}

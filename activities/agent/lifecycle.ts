import { closePendingActions } from '../../engines/agent/actions';
import { endWaitingRun } from '../../engines/agent/cancelRun';
import { lockRun, setRunStatus } from '../../engines/agent/runs';
import { isTerminal } from '../../engines/agent/runStates';
import { auditRunStep } from '../../engines/agent/stepAudit';
import type { AgentActivityDeps, RunRef } from './deps';

/** How a run ends when its workflow ends it (a reply completes it inside planAgentStep). */
export interface RunEnding {
  status: 'cancelled' | 'expired' | 'failed';
  error: { code: string; message: string };
}

/**
 * The run's status changes that the workflow makes between steps. Each is a no-op when the run is no longer in
 * the state it expects, so a retried activity changes nothing twice.
 */
export function createLifecycle(deps: AgentActivityDeps) {
  const { prisma } = deps;
  return {
    /** `queued → in_progress` as the workflow starts. */
    async beginAgentRun(ref: RunRef): Promise<void> {
      await prisma.$transaction(async (tx) => {
        const run = await lockRun(tx, ref.runId);
        if (run.status === 'queued') await setRunStatus(tx, run, 'in_progress');
      });
    },

    /**
     * What the database says of the run's waits: the actions among `actionIds` that are no longer pending, whether
     * the question was answered, and a cancel request. The workflow reads it now and then while it waits, so a
     * signal lost on its way (Temporal unreachable when the API sent it) delays the run instead of stalling it.
     */
    async readAgentRunWaits(
      ref: RunRef & { actionIds?: string[]; questionId?: string },
    ): Promise<{ decided: string[]; answered: boolean; cancel: { reason: string } | null }> {
      const run = await prisma.agentRun.findUniqueOrThrow({ where: { id: ref.runId } });
      const actions = ref.actionIds?.length
        ? await prisma.agentAction.findMany({ where: { runId: run.id, id: { in: ref.actionIds } } })
        : [];
      const question = ref.questionId ? await prisma.agentQuestion.findUnique({ where: { id: ref.questionId } }) : null;
      const error = run.error as { message?: string } | null;
      return {
        decided: actions.filter((a) => a.status !== 'pending').map((a) => a.id),
        answered: question !== null && question.status !== 'open',
        cancel: run.status === 'cancelling' ? { reason: error?.message ?? 'Cancelled by the user' } : null,
      };
    },

    /** `requires_action → in_progress` once every action of the approval was carried out. */
    async resumeAgentRun(ref: RunRef): Promise<void> {
      await prisma.$transaction(async (tx) => {
        const run = await lockRun(tx, ref.runId);
        if (run.status === 'requires_action') await setRunStatus(tx, run, 'in_progress');
      });
    },

    /**
     * Ends the run `cancelled`, `expired` or `failed`; what it waited for (pending actions, an open question) is
     * closed the same way and never carried out.
     */
    async endAgentRun(ref: RunRef & RunEnding): Promise<void> {
      await prisma.$transaction(async (tx) => {
        const run = await lockRun(tx, ref.runId);
        if (isTerminal(run.status)) return;
        await auditRunStep(tx, run, {
          operation: 'agent_run_ended',
          arguments: { status: ref.status, code: ref.error.code },
          outcome: ref.status === 'failed' ? 'failure' : 'success',
          errorCode: ref.status === 'failed' ? ref.error.code : undefined,
          requestId: `${run.id}:end`,
        });
        if (ref.status === 'failed') {
          await closePendingActions(tx, run, 'cancelled');
          await setRunStatus(tx, run, 'failed', { error: ref.error });
        } else {
          await endWaitingRun(tx, run, ref.status, ref.error);
        }
      });
    },
  };
}

import { closePendingActions } from '../../engines/agent/actions';
import { endWaitingRun } from '../../engines/agent/cancelRun';
import { lockRun, setRunStatus } from '../../engines/agent/runs';
import { isTerminal } from '../../engines/agent/runStates';
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

import { beginRun, endRun, readRunWaits, resumeRun, type RunEnding } from '../../engines/agent/runLifecycle';
import type { AgentActivityDeps, RunRef } from './deps';

export type { RunEnding };

/**
 * The run's status changes that the workflow makes between steps: thin adapters over the agent engine's
 * (engines/agent/runLifecycle.ts), each a no-op when the run is no longer in the state it expects, so a retried
 * activity changes nothing twice.
 */
export function createLifecycle(deps: AgentActivityDeps) {
  const { prisma } = deps;
  return {
    /** `queued → in_progress` as the workflow starts. */
    beginAgentRun: (ref: RunRef): Promise<void> => beginRun(prisma, ref.runId),
    /**
     * What the database says of the run's waits. The workflow reads it now and then while it waits, so a signal
     * lost on its way (Temporal unreachable when the API sent it) delays the run instead of stalling it.
     */
    readAgentRunWaits: (ref: RunRef & { actionIds?: string[]; questionId?: string }) =>
      readRunWaits(prisma, ref.runId, ref),
    /** `requires_action → in_progress` once every action of the approval was carried out. */
    resumeAgentRun: (ref: RunRef): Promise<void> => resumeRun(prisma, ref.runId),
    /** Ends the run `cancelled`, `expired` or `failed`, closing what it waited for. */
    endAgentRun: (ref: RunRef & RunEnding): Promise<void> =>
      endRun(prisma, ref.runId, { status: ref.status, error: ref.error }),
  };
}

import type { RunRef, StepOutcome } from './deps';
import type { BegunStep } from './planStep';

type Settle = (ref: RunRef & { actionId: string }, next: { step: number }) => Promise<BegunStep | undefined>;
type Plan = (ref: RunRef & { step: number }, begun?: BegunStep) => Promise<StepOutcome>;

/**
 * The last decided action of a step carried out, then the next step planned, in one activity: what the workflow
 * runs as one local activity since the `agent-settle-then-plan` patch (workflows/agentRun), so that no hand-over
 * from one local activity to the next (the worker's completion, a workflow activation and a new schedule: 15 to
 * 25 ms on a loaded machine) stands between the approved write and the reply. The step's start is written in the
 * transaction that ends the action, and the planning step reuses the run's actor the action loaded: one transaction
 * and four reads fewer.
 *
 * Safe to retry as a whole: a settled action is not carried out again (settleAgentAction returns once the action
 * has left `approved`/`executing`, and a declined one once its result is recorded), and a step already planned
 * answers its recorded outcome (planAgentStep reads `stepCount`).
 */
export function settleThenPlan(settleAgentAction: Settle, planAgentStep: Plan) {
  return async function settleThenPlanAgentStep(
    ref: RunRef & { actionId: string; step: number },
  ): Promise<StepOutcome> {
    const begun = await settleAgentAction({ runId: ref.runId, actionId: ref.actionId }, { step: ref.step });
    return planAgentStep({ runId: ref.runId, step: ref.step }, begun);
  };
}

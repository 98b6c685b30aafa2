import type { RunRef, StepOutcome } from './deps';

type Settle = (ref: RunRef & { actionId: string }) => Promise<void>;
type Plan = (ref: RunRef & { step: number }) => Promise<StepOutcome>;

/**
 * The last decided action of a step carried out, then the next step planned, in one activity: what the workflow
 * runs as one local activity since the `agent-settle-then-plan` patch (workflows/agentRun), so that no hand-over
 * from one local activity to the next (the worker's completion, a workflow activation and a new schedule: 15 to
 * 25 ms on a loaded machine) stands between the approved write and the reply.
 *
 * Safe to retry as a whole: a settled action is not carried out again (settleAgentAction returns once the action
 * has left `approved`/`executing`, and a declined one once its result is recorded), and a step already planned
 * answers its recorded outcome (planAgentStep reads `stepCount`).
 */
export function settleThenPlan(settleAgentAction: Settle, planAgentStep: Plan) {
  return async function settleThenPlanAgentStep(
    ref: RunRef & { actionId: string; step: number },
  ): Promise<StepOutcome> {
    await settleAgentAction({ runId: ref.runId, actionId: ref.actionId });
    return planAgentStep({ runId: ref.runId, step: ref.step });
  };
}

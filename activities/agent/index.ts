import { createActionSteps } from './actionSteps';
import type { AgentActivityDeps } from './deps';
import { allHeartbeating } from './heartbeat';
import { createLifecycle } from './lifecycle';
import { createPlanStep } from './planStep';
import { settleThenPlan } from './settleThenPlan';

export type { AgentActivityDeps } from './deps';

/**
 * The activities of the agentRun workflow (workflows/agentRun), built from their dependencies, each heartbeating
 * while it runs so that a dead worker's attempt is retried within the workflow's heartbeat timeout.
 */
export function createAgentActivities(deps: AgentActivityDeps) {
  const planAgentStep = createPlanStep(deps);
  const actionSteps = createActionSteps(deps);
  return allHeartbeating({
    planAgentStep,
    ...actionSteps,
    settleThenPlanAgentStep: settleThenPlan(actionSteps.settleAgentAction, planAgentStep),
    ...createLifecycle(deps),
  });
}

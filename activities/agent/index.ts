import { createActionSteps } from './actionSteps';
import type { AgentActivityDeps } from './deps';
import { createLifecycle } from './lifecycle';
import { createPlanStep } from './planStep';

export type { AgentActivityDeps } from './deps';

/** The activities of the agentRun workflow (workflows/agentRun), built from their dependencies. */
export function createAgentActivities(deps: AgentActivityDeps) {
  return {
    planAgentStep: createPlanStep(deps),
    ...createActionSteps(deps),
    ...createLifecycle(deps),
  };
}

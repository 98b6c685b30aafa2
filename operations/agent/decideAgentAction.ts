import { z } from 'zod';
import { toRunView } from '../../engines/agent/runView';
import { decideRun } from '../../engines/agent/runCommands';
import { defineOperation } from '../defineOperation';
import { runCommandDeps } from './runCommandDeps';
import { DecisionBody, RunAnswer } from './agentSchemas';

export const decideAgentAction = defineOperation({
  name: 'decide_agent_action',
  method: 'POST',
  path: '/api/v1/agent/runs/{id}/actions/{actionId}/decisions',
  access: 'agent:approve',
  tag: 'Agent',
  summary: 'Approve or reject one pending action of your run',
  description:
    "Only the run's own user decides. The run carries out its actions once all are decided; a rejected one is " +
    'reported to the agent as declined. 409 conflict when the action was already decided.',
  input: {
    params: z.object({ id: z.uuid().describe('the run id'), actionId: z.uuid().describe('the action id') }),
    body: DecisionBody,
  },
  output: RunAnswer,
  idempotent: true,
  handler: async (ctx, { params, body }) => {
    const decision = { ...body, actionId: params.actionId };
    const run = await decideRun(runCommandDeps(ctx), ctx.actor, params.id, decision);
    return { run: await toRunView(ctx.deps.prisma, run) };
  },
});

import { toRunView } from '../../engines/agent/runView';
import { decideRun } from '../../engines/agent/runCommands';
import { defineOperation } from '../defineOperation';
import { runCommandDeps } from './runCommandDeps';
import { DecisionBody, RunAnswer, RunIdParams } from './agentSchemas';

export const decideAgentRun = defineOperation({
  name: 'decide_agent_run',
  method: 'POST',
  path: '/api/v1/agent/runs/{id}/decisions',
  access: 'agent:approve',
  tag: 'Agent',
  summary: 'Approve or reject every pending action of your run at once',
  description: "Only the run's own user decides. 409 conflict when the run waits for no approval.",
  input: { params: RunIdParams, body: DecisionBody },
  output: RunAnswer,
  idempotent: true,
  handler: async (ctx, { params, body }) => {
    const run = await decideRun(runCommandDeps(ctx), ctx.actor, params.id, body);
    return { run: await toRunView(ctx.deps.prisma, run) };
  },
});

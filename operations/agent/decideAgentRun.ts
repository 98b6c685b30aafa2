import { decideActions } from '../../engines/agent/actions';
import { notifyRun } from '../../engines/agent/runPort';
import { findOwnRun } from '../../engines/agent/runs';
import { toRunView } from '../../engines/agent/runView';
import { defineOperation } from '../defineOperation';
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
    const { prisma } = ctx.deps;
    const decided = await decideActions(prisma, ctx.actor, params.id, body);
    const run = await findOwnRun(prisma, ctx.actor, params.id);
    const port = ctx.deps.agentRuns;
    if (port)
      await notifyRun(ctx.log, run, () =>
        port.actionsDecided(
          run,
          decided.map((a) => a.id),
        ),
      );
    return { run: await toRunView(prisma, run) };
  },
});

import { findOwnRun } from '../../engines/agent/runs';
import { toRunView } from '../../engines/agent/runView';
import { defineOperation } from '../defineOperation';
import { RunAnswer, RunIdParams } from './agentSchemas';

export const getAgentRun = defineOperation({
  name: 'get_agent_run',
  method: 'GET',
  path: '/api/v1/agent/runs/{id}',
  access: 'agent:read',
  tag: 'Agent',
  summary: 'Get one of your runs: its status and what it waits for',
  description:
    'While `requires_action`, requiredAction says what: `approval` lists the actions to decide, `question` the ' +
    "question to answer. Another user's run answers 404.",
  input: { params: RunIdParams },
  output: RunAnswer,
  handler: async (ctx, { params }) => ({
    run: await toRunView(ctx.deps.prisma, await findOwnRun(ctx.deps.prisma, ctx.actor, params.id)),
  }),
});

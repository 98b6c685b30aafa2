import { z } from 'zod';
import { toRunView } from '../../engines/agent/runView';
import { answerRun } from '../../engines/agent/runCommands';
import { defineOperation } from '../defineOperation';
import { runCommandDeps } from './runCommandDeps';
import { RunAnswer, RunIdParams } from './agentSchemas';

export const answerAgentRun = defineOperation({
  name: 'answer_agent_run',
  method: 'POST',
  path: '/api/v1/agent/runs/{id}/answers',
  access: 'agent:run',
  tag: 'Agent',
  summary: 'Answer the question your run asked',
  description:
    'The answer joins the thread as your message and the run continues. 409 conflict when no question is open.',
  input: {
    params: RunIdParams,
    body: z.strictObject({ answer: z.string().trim().min(1).max(8000).describe('your answer') }),
  },
  output: RunAnswer,
  idempotent: true,
  handler: async (ctx, { params, body }) => {
    const run = await answerRun(runCommandDeps(ctx), ctx.actor, params.id, body.answer);
    return { run: await toRunView(ctx.deps.prisma, run) };
  },
});

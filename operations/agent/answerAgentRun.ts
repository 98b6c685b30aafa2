import { z } from 'zod';
import { answerQuestion } from '../../engines/agent/questions';
import { notifyRun } from '../../engines/agent/runPort';
import { findOwnRun } from '../../engines/agent/runs';
import { toRunView } from '../../engines/agent/runView';
import { defineOperation } from '../defineOperation';
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
    const { prisma } = ctx.deps;
    const { questionId } = await answerQuestion(prisma, ctx.actor, params.id, body.answer);
    const run = await findOwnRun(prisma, ctx.actor, params.id);
    const port = ctx.deps.agentRuns;
    if (port) await notifyRun(ctx.log, run, () => port.answered(run, questionId));
    return { run: await toRunView(prisma, run) };
  },
});

import { z } from 'zod';
import { requestCancel } from '../../engines/agent/cancelRun';
import { notifyRun } from '../../engines/agent/runPort';
import { toRunView } from '../../engines/agent/runView';
import { defineOperation } from '../defineOperation';
import { RunAnswer, RunIdParams } from './agentSchemas';

export const cancelAgentRun = defineOperation({
  name: 'cancel_agent_run',
  method: 'POST',
  path: '/api/v1/agent/runs/{id}/cancel',
  access: 'agent:approve',
  tag: 'Agent',
  summary: 'Cancel your run',
  description:
    'The run becomes `cancelling` and ends `cancelled` at its next safe point: pending actions are cancelled and ' +
    'never carried out. 409 conflict once the run is over.',
  input: {
    params: RunIdParams,
    body: z.strictObject({ reason: z.string().trim().max(500).optional().describe('why, for the record') }).optional(),
  },
  output: RunAnswer,
  idempotent: true,
  handler: async (ctx, { params, body }) => {
    const { prisma } = ctx.deps;
    const run = await requestCancel(prisma, ctx.actor, params.id, body?.reason);
    const port = ctx.deps.agentRuns;
    if (port) await notifyRun(ctx.log, run, () => port.cancelRequested(run, body?.reason));
    return { run: await toRunView(prisma, run) };
  },
});

import { z } from 'zod';
import { toRunView } from '../../engines/agent/runView';
import { cancelRun } from '../../engines/agent/runCommands';
import { defineOperation } from '../defineOperation';
import { runCommandDeps } from './runCommandDeps';
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
    const run = await cancelRun(runCommandDeps(ctx), ctx.actor, params.id, body?.reason);
    return { run: await toRunView(ctx.deps.prisma, run) };
  },
});

import { z } from 'zod';
import { setRunStatus, createRun, lockRun } from '../../engines/agent/runs';
import { AppError } from '../../engines/appError';
import { defineOperation } from '../defineOperation';
import { ThreadIdParams } from './agentSchemas';

export const sendAgentMessage = defineOperation({
  name: 'send_agent_message',
  method: 'POST',
  path: '/api/v1/agent/threads/{id}/messages',
  access: 'agent:run',
  tag: 'Agent',
  summary: 'Send a message to one of your threads: the agent answers it in a new run',
  description:
    'Answers the run id at once; follow the run with stream_agent_run or get_agent_run. A thread runs one run at ' +
    'a time: 409 conflict while its previous run is not over. The run acts as you, with your live role and this ' +
    "credential's scopes; every write it wants waits for your approval.",
  input: {
    params: ThreadIdParams,
    body: z.strictObject({
      message: z.string().trim().min(1).max(8000).describe('your message to the agent'),
      attachmentIds: z
        .array(z.uuid())
        .max(10)
        .optional()
        .describe(
          'ids of your own attachments (upload_agent_attachment) that the message refers to; the agent reads the ' +
            'text of CSV, plain text, JSON and XLSX files',
        ),
    }),
  },
  output: z.object({ runId: z.uuid().describe('the run answering the message') }),
  successStatus: 201,
  idempotent: true,
  handler: async (ctx, { params, body }) => {
    const port = ctx.deps.agentRuns;
    if (!port) throw new AppError('unavailable', 'Agent runs need Temporal, which this process does not reach');
    const run = await createRun(ctx.deps.prisma, ctx.actor, params.id, body.message, body.attachmentIds);
    try {
      await port.start({
        tenantId: run.tenantId,
        runId: run.id,
        threadId: run.threadId,
        userId: run.userId,
        workflowId: run.workflowId,
      });
    } catch (err) {
      // Without its workflow nothing would ever move the run: it fails now, so the thread is free for a retry.
      ctx.log.error({ err, runId: run.id }, 'agent run workflow not started');
      await ctx.deps.prisma.$transaction(async (tx) =>
        setRunStatus(tx, await lockRun(tx, run.id), 'failed', {
          error: { code: 'unavailable', message: 'The run could not be started' },
        }),
      );
      throw new AppError('unavailable', 'The run could not be started; try again');
    }
    return { runId: run.id };
  },
});

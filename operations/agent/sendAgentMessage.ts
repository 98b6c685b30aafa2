import { z } from 'zod';
import { startRun } from '../../engines/agent/runCommands';
import { defineOperation } from '../defineOperation';
import { runCommandDeps } from './runCommandDeps';
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
    const run = await startRun(runCommandDeps(ctx), ctx.actor, params.id, body.message, body.attachmentIds);
    return { runId: run.id };
  },
});

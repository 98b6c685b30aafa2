import { z } from 'zod';
import { listMessages, toMessageView } from '../../engines/agent/messages';
import { listThreadRuns } from '../../engines/agent/runs';
import { toRunView } from '../../engines/agent/runView';
import { findOwnThread, toThreadView } from '../../engines/agent/threads';
import { defineOperation } from '../defineOperation';
import { Message, Run, Thread, ThreadIdParams } from './agentSchemas';

export const getAgentThread = defineOperation({
  name: 'get_agent_thread',
  method: 'GET',
  path: '/api/v1/agent/threads/{id}',
  access: 'agent:read',
  tag: 'Agent',
  summary: 'Get one of your threads with its messages and runs',
  description: "Another user's thread answers 404.",
  input: { params: ThreadIdParams },
  output: z.object({
    thread: Thread.describe('the thread'),
    messages: z.array(Message).describe('its messages, in order'),
    runs: z.array(Run).describe('its runs, oldest first'),
  }),
  handler: async (ctx, { params }) => {
    const { prisma } = ctx.deps;
    const thread = await findOwnThread(prisma, ctx.actor, params.id);
    const [messages, runs] = [await listMessages(prisma, thread.id), await listThreadRuns(prisma, thread.id)];
    return {
      thread: toThreadView(thread),
      messages: messages.map(toMessageView),
      runs: await Promise.all(runs.map((run) => toRunView(prisma, run))),
    };
  },
});

import { z } from 'zod';
import { createThread } from '../../engines/agent/threads';
import { defineOperation } from '../defineOperation';
import { Thread } from './agentSchemas';

export const createAgentThread = defineOperation({
  name: 'create_agent_thread',
  method: 'POST',
  path: '/api/v1/agent/threads',
  access: 'agent:run',
  tag: 'Agent',
  summary: 'Create an agent thread',
  description: 'A thread holds a conversation with the agent; its runs act as you, within your role and scopes.',
  input: {
    body: z.strictObject({ title: z.string().trim().min(1).max(200).describe('a title for the conversation') }),
  },
  output: z.object({ thread: Thread.describe('the new thread') }),
  successStatus: 201,
  idempotent: true,
  handler: async (ctx, { body }) => ({ thread: await createThread(ctx.deps.prisma, ctx.actor, body.title) }),
});

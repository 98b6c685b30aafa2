import { z } from 'zod';
import { listThreads } from '../../engines/agent/threads';
import { defineOperation } from '../defineOperation';
import { Thread } from './agentSchemas';

export const listAgentThreads = defineOperation({
  name: 'list_agent_threads',
  method: 'GET',
  path: '/api/v1/agent/threads',
  access: 'agent:read',
  tag: 'Agent',
  summary: 'List your agent threads, most recently active first',
  description: 'Only your own threads: a thread belongs to the user who created it.',
  input: {
    query: z.strictObject({
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(100)
        .default(20)
        .describe('at most this many threads, 1 to 100, default 20'),
      cursor: z.uuid().optional().describe('nextCursor of the previous page'),
    }),
  },
  output: z.object({
    threads: z.array(Thread).describe('your threads'),
    nextCursor: z.string().optional().describe('pass as cursor for the next page; absent on the last page'),
  }),
  handler: async (ctx, { query }) => listThreads(ctx.deps.prisma, ctx.actor, query),
});

import { z } from 'zod';
import { listInterviews as list } from '../../engines/ats/interviews';
import { defineOperation } from '../defineOperation';
import { Cursor, InterviewView, Limit, NextCursor, atsOperation } from './atsSchemas';

export const listInterviews = defineOperation({
  ...atsOperation,
  name: 'list_interviews',
  method: 'GET',
  path: '/api/ats/interviews',
  access: 'ats:read',
  summary: 'Interviews you may read, newest first: your recruiting team’s, and the ones you interview at',
  description:
    'The recruiting team reads every interview of its openings with all feedback; an interviewer the interviews ' +
    'they are asked to, with their own feedback. `mine=true`: only those you interview at.',
  input: {
    query: z.strictObject({
      applicationId: z.uuid().optional().describe('only this application’s'),
      status: z.enum(['SCHEDULED', 'COMPLETED', 'CANCELLED']).optional().describe('only interviews in this status'),
      mine: z
        .enum(['true', 'false'])
        .optional()
        .transform((v) => v === 'true')
        .describe('true: only the interviews you are an interviewer of'),
      limit: Limit,
      cursor: Cursor,
    }),
  },
  output: z.object({ interviews: z.array(InterviewView), nextCursor: NextCursor }),
  mcp: { tool: 'list_interviews', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    list(ctx.deps.prisma, ctx.actor, {
      applicationId: query.applicationId,
      status: query.status,
      mine: query.mine,
      limit: query.limit,
      after: query.cursor,
    }),
});

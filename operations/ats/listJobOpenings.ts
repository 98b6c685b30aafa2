import { z } from 'zod';
import { listJobOpenings as list } from '../../engines/ats/jobOpenings';
import { defineOperation } from '../defineOperation';
import { Cursor, JobOpeningView, Limit, NextCursor, OpeningStatus, atsOperation } from './atsSchemas';

export const listJobOpenings = defineOperation({
  ...atsOperation,
  name: 'list_job_openings',
  method: 'GET',
  path: '/api/ats/openings',
  access: 'ats:read',
  summary: 'Job openings: the internal job board (OPEN, ON_HOLD) and the openings you recruit for, newest first',
  description:
    'Everyone reads the OPEN and ON_HOLD openings; drafts and closed ones only HR and their recruiters and hiring ' +
    'manager.',
  input: {
    query: z.strictObject({
      status: OpeningStatus.optional().describe('only openings in this status'),
      departmentId: z.uuid().optional().describe('only openings of this department'),
      limit: Limit,
      cursor: Cursor,
    }),
  },
  output: z.object({ openings: z.array(JobOpeningView), nextCursor: NextCursor }),
  mcp: { tool: 'list_job_openings', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    list(ctx.deps.prisma, ctx.actor, {
      status: query.status,
      departmentId: query.departmentId,
      limit: query.limit,
      ...(query.cursor ? { after: query.cursor } : {}),
    }),
});

import { z } from 'zod';
import { listTimeCorrections as listCorrections } from '../../engines/timeTracking/timeCorrections';
import { defineOperation } from '../defineOperation';
import { CorrectionStatus, Cursor, Limit, NextCursor, TimeCorrectionView, timeOperation } from './timeSchemas';

export const listTimeCorrections = defineOperation({
  ...timeOperation,
  name: 'list_time_corrections',
  method: 'GET',
  path: '/api/time-tracking/corrections',
  access: 'time-tracking:read',
  summary: 'Time corrections of the people you may see, newest first',
  description:
    'Use it to find requests to fix a time entry (a forgotten clock-out, a wrong start), by person or status.',
  input: {
    query: z.strictObject({
      employeeId: z.uuid().optional().describe('only this employee’s'),
      status: CorrectionStatus.optional().describe('only corrections in this status'),
      limit: Limit,
      cursor: Cursor,
    }),
  },
  output: z.object({ corrections: z.array(TimeCorrectionView), nextCursor: NextCursor }),
  mcp: { tool: 'list_time_corrections', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    listCorrections(ctx.deps.prisma, ctx.actor, {
      employeeId: query.employeeId,
      status: query.status,
      limit: query.limit,
      after: query.cursor,
    }),
});

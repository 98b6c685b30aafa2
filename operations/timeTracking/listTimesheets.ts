import { z } from 'zod';
import { listTimesheets as listSheets } from '../../engines/timeTracking/timesheets';
import { defineOperation } from '../defineOperation';
import { Cursor, Limit, NextCursor, TimesheetStatus, TimesheetView, timeOperation } from './timeSchemas';

export const listTimesheets = defineOperation({
  ...timeOperation,
  name: 'list_timesheets',
  method: 'GET',
  path: '/api/time-tracking/timesheets',
  access: 'time-tracking:read',
  summary: 'Submitted timesheets of the people you may see, newest first',
  description:
    "Use it to find weekly timesheets by person or status (waiting for approval, approved, rejected), with each week's worked, target and overtime minutes.",
  input: {
    query: z.strictObject({
      employeeId: z.uuid().optional().describe('only this employee’s'),
      status: TimesheetStatus.optional().describe('only timesheets in this status'),
      limit: Limit,
      cursor: Cursor,
    }),
  },
  output: z.object({ timesheets: z.array(TimesheetView), nextCursor: NextCursor }),
  mcp: { tool: 'list_timesheets', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    listSheets(ctx.deps.prisma, ctx.actor, {
      employeeId: query.employeeId,
      status: query.status,
      limit: query.limit,
      after: query.cursor,
    }),
});

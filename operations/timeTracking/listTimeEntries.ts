import { z } from 'zod';
import { listTimeEntries as listEntries } from '../../engines/timeTracking/timeEntryViews';
import { defineOperation } from '../defineOperation';
import { IsoDateString } from '../leave/leaveSchemas';
import { Cursor, Limit, NextCursor, TimeEntryView, timeOperation } from './timeSchemas';

export const listTimeEntries = defineOperation({
  ...timeOperation,
  name: 'list_time_entries',
  method: 'GET',
  path: '/api/time-tracking/entries',
  access: 'time-tracking:read',
  summary: 'Time entries of the people you may see, latest first',
  description: 'A person sees their own, a manager their team, a director their department, HR everyone.',
  input: {
    query: z.strictObject({
      employeeId: z.uuid().optional().describe('only this employee’s'),
      from: IsoDateString.optional().describe('only entries of this day or later, YYYY-MM-DD'),
      to: IsoDateString.optional().describe('only entries of this day or earlier; at most 366 days after from'),
      limit: Limit,
      cursor: Cursor,
    }),
  },
  output: z.object({ entries: z.array(TimeEntryView), nextCursor: NextCursor }),
  mcp: { tool: 'list_time_entries', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    listEntries(
      ctx.deps.prisma,
      ctx.actor,
      { employeeId: query.employeeId, from: query.from, to: query.to, limit: query.limit, after: query.cursor },
      ctx.deps.config.clock.now(),
    ),
});

import { z } from 'zod';
import { findVisibleTimesheet } from '../../engines/timeTracking/timesheets';
import { defineOperation } from '../defineOperation';
import { TimesheetId, TimesheetView, timeOperation } from './timeSchemas';

export const getTimesheet = defineOperation({
  ...timeOperation,
  name: 'get_timesheet',
  method: 'GET',
  path: '/api/time-tracking/timesheets/{id}',
  access: 'time-tracking:read',
  summary: 'One submitted timesheet of someone you may see',
  description:
    'Use it to read one submitted week: its dates, worked, target and overtime minutes, warnings, status and the decision with its comment.',
  input: { params: TimesheetId },
  output: z.object({ timesheet: TimesheetView }),
  mcp: { tool: 'get_timesheet', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({
    timesheet: (await findVisibleTimesheet(ctx.deps.prisma, ctx.actor, params.id)).view,
  }),
});

import { z } from 'zod';
import { tenantToday } from '../../engines/leave/tenantCalendar';
import { weeklyTimesheet } from '../../engines/timeTracking/timesheetViews';
import { defineOperation } from '../defineOperation';
import { IsoDateString } from '../leave/leaveSchemas';
import { WeekView, timeOperation } from './timeSchemas';

export const getWeeklyTimesheet = defineOperation({
  ...timeOperation,
  name: 'get_weekly_timesheet',
  method: 'GET',
  path: '/api/time-tracking/timesheets/week',
  access: 'time-tracking:read',
  summary: 'A person’s ISO week (Monday to Sunday) as it stands: per day worked and target minutes, warnings',
  description:
    'Worked: entries’ length less breaks (an open entry up to now), on the day each began. Target: the policy’s ' +
    'daily target Monday to Friday, none on public holidays and days of approved leave, half on a half day. ' +
    'Overtime: worked beyond the target for the week. `timesheet`: its sign-off, if submitted.',
  input: {
    query: z.strictObject({
      employeeId: z.uuid().optional().describe('whose: default your own; someone you may see'),
      date: IsoDateString.optional().describe('a day of the week, YYYY-MM-DD; default today'),
    }),
  },
  output: z.object({ employeeId: z.uuid(), employeeName: z.string(), week: WeekView }),
  mcp: { tool: 'get_weekly_timesheet', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) => {
    const { clock } = ctx.deps.config;
    const date = query.date ?? (await tenantToday(ctx.deps.prisma, ctx.actor.tenant.id, clock)).today;
    return weeklyTimesheet(ctx.deps.prisma, ctx.actor, { employeeId: query.employeeId, date }, clock.now());
  },
});

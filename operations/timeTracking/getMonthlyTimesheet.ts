import { z } from 'zod';
import { tenantToday } from '../../engines/leave/tenantCalendar';
import { monthlyTimesheet } from '../../engines/timeTracking/timesheetViews';
import { defineOperation } from '../defineOperation';
import { MonthString, MonthView, timeOperation } from './timeSchemas';

export const getMonthlyTimesheet = defineOperation({
  ...timeOperation,
  name: 'get_monthly_timesheet',
  method: 'GET',
  path: '/api/time-tracking/timesheets/month',
  access: 'time-tracking:read',
  summary: 'A person’s month: the weeks whose Sunday falls in it (as Payroll pays them), with their totals',
  description:
    "Use it for questions such as 'how many hours did I work in March': each week and day of the month with worked, target and overtime minutes, warnings, and the month's totals.",
  input: {
    query: z.strictObject({
      employeeId: z.uuid().optional().describe('whose: default your own; someone you may see'),
      month: MonthString.optional().describe('the month, YYYY-MM; default this month'),
    }),
  },
  output: MonthView,
  mcp: { tool: 'get_monthly_timesheet', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) => {
    const { clock } = ctx.deps.config;
    const month = query.month ?? (await tenantToday(ctx.deps.prisma, ctx.actor.tenant.id, clock)).today.slice(0, 7);
    return monthlyTimesheet(ctx.deps.prisma, ctx.actor, { employeeId: query.employeeId, month }, clock.now());
  },
});

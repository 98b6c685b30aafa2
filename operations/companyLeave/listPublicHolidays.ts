import { z } from 'zod';
import { tenantToday } from '../../engines/leave/tenantCalendar';
import { publicHolidays } from '../../engines/leave/publicHolidays';
import { defineOperation } from '../defineOperation';
import { Year, companyLeaveOperation } from './companyLeaveSchemas';

export const listPublicHolidays = defineOperation({
  ...companyLeaveOperation,
  name: 'list_public_holidays',
  method: 'GET',
  path: '/api/leave/holidays',
  access: 'leave:read',
  summary: "The workspace's public holidays of a year (days leave does not count)",
  description:
    "Use it before booking or counting days: a public holiday inside a leave range is not taken from the balance. Without a year, the workspace calendar's current one.",
  input: { query: z.strictObject({ year: Year.optional().describe('default: this year of the workspace calendar') }) },
  output: z.object({ year: z.number().int(), holidays: z.array(z.object({ date: z.string(), name: z.string() })) }),
  mcp: { tool: 'list_public_holidays', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) => {
    const year =
      query.year ??
      Number((await tenantToday(ctx.deps.prisma, ctx.actor.tenant.id, ctx.deps.config.clock)).today.slice(0, 4));
    return { year, holidays: await publicHolidays(ctx.deps.prisma, ctx.actor, year) };
  },
});

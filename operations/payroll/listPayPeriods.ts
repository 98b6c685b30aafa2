import { z } from 'zod';
import { tenantToday } from '../../engines/leave/tenantCalendar';
import { listPayPeriods as list } from '../../engines/payroll/payPeriods';
import { defineOperation } from '../defineOperation';
import { PayPeriodView, payrollOperation } from './payrollSchemas';

export const listPayPeriods = defineOperation({
  ...payrollOperation,
  name: 'list_pay_periods',
  method: 'GET',
  path: '/api/payroll/periods',
  access: 'payroll:read',
  summary: 'The pay periods (months) of a year and whether each is closed',
  description: 'A period is CLOSED once a run of it is paid: a change dated in it then answers 409.',
  input: {
    query: z.strictObject({
      year: z.coerce.number().int().min(1900).max(2199).optional().describe('the year; default this year'),
    }),
  },
  output: z.object({ year: z.number().int(), periods: z.array(PayPeriodView) }),
  mcp: { tool: 'list_pay_periods', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) => {
    const year =
      query.year ??
      Number((await tenantToday(ctx.deps.prisma, ctx.actor.tenant.id, ctx.deps.config.clock)).today.slice(0, 4));
    return { year, periods: await list(ctx.deps.prisma, ctx.actor, year) };
  },
});

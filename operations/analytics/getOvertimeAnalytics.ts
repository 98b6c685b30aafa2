import { z } from 'zod';
import { analyticsScope } from '../../engines/analytics/analyticsQuery';
import { overtimeAnalytics } from '../../engines/analytics/overtime';
import { defineOperation } from '../defineOperation';
import { analyticsFilterQuery, analyticsOperation, filterOf, OvertimeAnalyticsView } from './analyticsSchemas';

export const getOvertimeAnalytics = defineOperation({
  ...analyticsOperation,
  name: 'get_overtime_analytics',
  method: 'GET',
  path: '/api/analytics/overtime',
  summary: 'Approved overtime minutes of the people you may see, per month or quarter',
  description:
    'Sums the overtimeMinutes of APPROVED weekly timesheets (fixed at sign-off, what Payroll pays), in the month or quarter holding the week’s Sunday. Only the people your role shows you count.',
  input: { query: z.strictObject(analyticsFilterQuery) },
  output: z.object({ overtime: OvertimeAnalyticsView }),
  mcp: { tool: 'get_overtime_analytics', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) => {
    const scope = await analyticsScope(ctx.deps.prisma, ctx.actor, filterOf(query));
    return { overtime: await overtimeAnalytics(ctx.deps.prisma, scope) };
  },
});

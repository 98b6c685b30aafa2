import { z } from 'zod';
import { analyticsScope } from '../../engines/analytics/analyticsQuery';
import { headcountAnalytics } from '../../engines/analytics/headcount';
import { defineOperation } from '../defineOperation';
import { analyticsFilterQuery, analyticsOperation, filterOf, HeadcountAnalyticsView } from './analyticsSchemas';

export const getHeadcountAnalytics = defineOperation({
  ...analyticsOperation,
  name: 'get_headcount_analytics',
  method: 'GET',
  path: '/api/analytics/headcount',
  summary: 'Headcount over time, hires, leavers and turnover of the people you may see, per month or quarter',
  description:
    'Counts only the people your role shows you: HR the workspace, a director their department, a manager their ' +
    'team (an EMPLOYEE is refused, 403). Turnover = leavers / average headcount, where average headcount = ' +
    '(headcount on the first day + headcount on the last day) / 2, for each bucket and for the whole period. ' +
    'byDepartment=true adds a series per department (the department people are in now).',
  input: {
    query: z.strictObject({
      ...analyticsFilterQuery,
      byDepartment: z
        .enum(['true', 'false'])
        .default('false')
        .transform((v) => v === 'true')
        .describe('true: also a series per department'),
    }),
  },
  output: z.object({ headcount: HeadcountAnalyticsView }),
  mcp: { tool: 'get_headcount_analytics', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) => {
    const scope = await analyticsScope(ctx.deps.prisma, ctx.actor, filterOf(query));
    return { headcount: await headcountAnalytics(ctx.deps.prisma, scope, { byDepartment: query.byDepartment }) };
  },
});

import { z } from 'zod';
import { absenceAnalytics } from '../../engines/analytics/absence';
import { analyticsScope } from '../../engines/analytics/analyticsQuery';
import { defineOperation } from '../defineOperation';
import { AbsenceAnalyticsView, analyticsFilterQuery, analyticsOperation, filterOf } from './analyticsSchemas';

export const getAbsenceAnalytics = defineOperation({
  ...analyticsOperation,
  name: 'get_absence_analytics',
  method: 'GET',
  path: '/api/analytics/absence',
  summary: 'Absence rate of the people you may see: approved leave days / scheduled working days, per month or quarter',
  description:
    'Absence rate = working days of approved leave (APPROVED, IN_PROGRESS or COMPLETED, any leave type; a half ' +
    'day 0.5) / scheduled working days, where a scheduled day is a Monday to Friday that is not a public holiday ' +
    'of the workspace, between a person’s hire date and last day. Only the people your role shows you count.',
  input: { query: z.strictObject(analyticsFilterQuery) },
  output: z.object({ absence: AbsenceAnalyticsView }),
  mcp: { tool: 'get_absence_analytics', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) => {
    const scope = await analyticsScope(ctx.deps.prisma, ctx.actor, filterOf(query));
    return { absence: await absenceAnalytics(ctx.deps.prisma, scope) };
  },
});

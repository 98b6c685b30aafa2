import { z } from 'zod';
import { analyticsScope } from '../../engines/analytics/analyticsQuery';
import { timeToHireAnalytics } from '../../engines/analytics/timeToHire';
import { defineOperation } from '../defineOperation';
import { analyticsFilterQuery, analyticsOperation, filterOf, TimeToHireAnalyticsView } from './analyticsSchemas';

export const getTimeToHireAnalytics = defineOperation({
  ...analyticsOperation,
  name: 'get_time_to_hire_analytics',
  method: 'GET',
  path: '/api/analytics/time-to-hire',
  summary: 'Time to hire: days from application to accepted offer, median and mean, per month or quarter',
  description:
    'For each ACCEPTED offer: calendar days (UTC) from the application’s creation to the acceptance, in the bucket of the acceptance. The hires counted are the employees the acceptances made, by your role’s visibility and the department filter.',
  input: { query: z.strictObject(analyticsFilterQuery) },
  output: z.object({ timeToHire: TimeToHireAnalyticsView }),
  mcp: { tool: 'get_time_to_hire_analytics', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) => {
    const scope = await analyticsScope(ctx.deps.prisma, ctx.actor, filterOf(query));
    return { timeToHire: await timeToHireAnalytics(ctx.deps.prisma, scope) };
  },
});

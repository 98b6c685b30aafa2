import { z } from 'zod';
import { mayCountPay } from '../../engines/access/analyticsAccess';
import { analyticsScope } from '../../engines/analytics/analyticsQuery';
import { leaveLiabilityAnalytics } from '../../engines/analytics/leaveLiability';
import { defineOperation } from '../defineOperation';
import { analyticsFilterQuery, analyticsOperation, filterOf, LeaveLiabilityView } from './analyticsSchemas';

export const getLeaveLiabilityAnalytics = defineOperation({
  ...analyticsOperation,
  name: 'get_leave_liability_analytics',
  method: 'GET',
  path: '/api/analytics/leave-liability',
  summary:
    'Leave liability on the last day of the period: untaken annual leave days, and in money where pay is visible',
  description:
    'Untaken days = allocated - used of the annual leave policies in the balance year of to, for the people in ' +
    'scope employed on to. In money (untaken days × salary on to / 260, per currency) only for HR, and for ' +
    'managers and directors where the workspace lets them see their team’s compensation; money is null otherwise. ' +
    'groupBy does not apply (a liability is a balance on a day, not a flow).',
  input: { query: z.strictObject(analyticsFilterQuery) },
  output: z.object({ leaveLiability: LeaveLiabilityView }),
  mcp: { tool: 'get_leave_liability_analytics', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) => {
    const scope = await analyticsScope(ctx.deps.prisma, ctx.actor, filterOf(query));
    const withMoney = await mayCountPay(ctx.deps.prisma, ctx.actor);
    return { leaveLiability: await leaveLiabilityAnalytics(ctx.deps.prisma, scope, { withMoney }) };
  },
});

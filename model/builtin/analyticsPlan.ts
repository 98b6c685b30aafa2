/**
 * "Headcount by department for 2026", "what was our turnover last quarter": one get_headcount_analytics read with
 * the period (first and last day, from the run's today), the grouping asked for, then its figures in words.
 */

import { findAnalyticsPeriod } from './analyticsPeriods';
import { type Plan, type PlanContext, type TurnResult, callTools, dataOf, reply, resultsOf } from './planTypes';
import { type HeadcountAnalytics, summariseHeadcount, summariseTurnover } from './summariseAnalytics';
import { failedRead } from './summariseLists';
import type { WorkplaceRequest } from './workplaceIntents';

/** Plans a headcount or turnover question. */
export function planAnalytics(
  kind: 'headcount' | 'turnover',
  w: WorkplaceRequest,
  results: TurnResult[],
  ctx: PlanContext,
): Plan {
  const period = w.period ?? findAnalyticsPeriod('', ctx.today);
  const byDepartment = kind === 'headcount' && w.byDepartment === true;
  const byQuarter = w.byQuarter === true;
  const done = resultsOf(results, 'get_headcount_analytics')[0];
  if (!done) {
    const args: Record<string, unknown> = { from: period.from, to: period.to };
    if (byQuarter) args.groupBy = 'quarter';
    if (byDepartment) args.byDepartment = 'true';
    return callTools(ctx, [{ tool: 'get_headcount_analytics', arguments: args }]);
  }
  if (!done.ok) return reply(failedRead(`read the ${kind}`, done));
  const data = dataOf<{ headcount: HeadcountAnalytics }>(done).headcount;
  return reply(
    kind === 'headcount'
      ? summariseHeadcount(data, period, { byDepartment, byQuarter })
      : summariseTurnover(data, period, { byQuarter }),
  );
}

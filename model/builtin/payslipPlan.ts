/**
 * Payslips: "show my payslip for October" reads list_payslips for that month (the latest October not after today,
 * payPeriods.ts) and answers with the payslip (summarisePayslips.ts); with no month, the latest payslip.
 */

import type { Understanding } from './intents';
import { type Plan, type PlanContext, type TurnResult, callTools, reply, resultsOf } from './planTypes';
import { failedRead } from './summariseLists';
import { summarisePayslips } from './summarisePayslips';

/** Plans a payslip question: the read, then the payslip. */
export function planPayslip(u: Understanding, results: TurnResult[], ctx: PlanContext): Plan {
  const done = resultsOf(results, 'list_payslips')[0];
  if (done) return reply(done.ok ? summarisePayslips(done, u.period, ctx) : failedRead('read your payslips', done));
  return callTools(ctx, [{ tool: 'list_payslips', arguments: u.period ? { period: u.period } : {} }]);
}

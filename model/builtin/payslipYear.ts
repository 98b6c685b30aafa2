/**
 * "Payslips 2026", "my payslips for 2025": a year said without a month asks for that year's payslips. list_payslips
 * filters by month only, so the read is the usual one and the reply lists the year's payslips (month and total)
 * instead of describing the latest one, which dropped the year said.
 */

import { formatMoney } from '../../lib/money/money';
import { normalise } from './keywords';
import { findPayPeriod, periodName } from './payPeriods';
import { type Plan, type PlanContext, type TurnResult, callTools, dataOf, reply } from './planTypes';
import { failedRead } from './summariseLists';
import type { AgentMessage } from '../types';
import { newRequestText } from './newRequestText';

interface PayslipRow {
  period: string;
  employeeName: string;
  total: { amountMinor: number; currency: string };
}

/** The year `text` (normalised) asks payslips of, when it names one and no month; undefined otherwise. */
export function payslipYear(text: string, today: string): number | undefined {
  if (!/\b(?:pay ?slips?|pay stubs?|salary slips?)\b/.test(text)) return undefined;
  const years = [...text.matchAll(/\b(20\d\d)\b/g)].map((m) => Number(m[1]));
  if (years.length !== 1 || findPayPeriod(text, today) !== undefined) return undefined;
  return years[0];
}

/** The reply: the user's own payslips of `year`, by month with their totals. */
export function summariseYearPayslips(result: TurnResult, year: number, ctx: PlanContext): string {
  const payslips = dataOf<{ payslips?: PayslipRow[] }>(result).payslips ?? [];
  const own = payslips
    .filter((p) => p.employeeName === ctx.user.name && p.period.startsWith(`${year}-`))
    .sort((a, b) => a.period.localeCompare(b.period));
  if (own.length === 0)
    return `You have no payslip for ${year} yet: a payslip shows here once its payroll run is paid.`;
  const rows = own.map((p) => `- ${periodName(p.period)}: ${formatMoney(p.total.amountMinor, p.total.currency)}`);
  return [`Your payslips for ${year}:`, ...rows].join('\n');
}

/** The step for a request of one year's payslips (`messages` end with it, or with the read's result), or undefined. */
export function planPayslipYear(
  messages: readonly AgentMessage[],
  results: readonly TurnResult[],
  ctx: PlanContext,
): Plan | undefined {
  const text = newRequestText(messages);
  if (text === undefined) return undefined;
  const year = payslipYear(normalise(text), ctx.today);
  if (year === undefined || !ctx.tools.some((t) => t.name === 'list_payslips')) return undefined;
  const done = results.find((r) => r.tool === 'list_payslips');
  if (done) return reply(done.ok ? summariseYearPayslips(done, year, ctx) : failedRead('read your payslips', done));
  if (results.length > 0) return undefined;
  return callTools(ctx, [{ tool: 'list_payslips', arguments: {} }]);
}

/**
 * The reply to list_payslips: the payslip's lines and totals written as money ("5500.00 EUR"). Only the user's own
 * payslips are told (HR's list holds everyone's); when there is none, it says so plainly: an employee sees a
 * payslip once its payroll run is paid.
 */

import { formatMoney } from '../../lib/money/money';
import { periodName } from './payPeriods';
import { type PlanContext, type TurnResult, dataOf } from './planTypes';

interface Money {
  amountMinor: number;
  currency: string;
}

interface Payslip {
  period: string;
  runStatus: string;
  employeeName: string;
  gross: Money;
  deductions: Money;
  reimbursements: Money;
  total: Money;
  lines: { kind: string; description: string; quantity: string | null; amount: Money }[];
}

function money(value: Money): string {
  return formatMoney(value.amountMinor, value.currency);
}

/** One payslip: its lines, then its totals. */
export function describePayslip(payslip: Payslip): string {
  const lines = payslip.lines.map((line) => {
    const quantity = line.quantity ? ` (${line.quantity})` : '';
    return `- ${line.description}${quantity}: ${money(line.amount)}`;
  });
  // Deductions (unpaid leave) are already taken off gross: told, not subtracted again.
  const totals =
    `Gross ${money(payslip.gross)} (after ${money(payslip.deductions)} of deductions), ` +
    `reimbursements ${money(payslip.reimbursements)}, total ${money(payslip.total)} before tax.`;
  const heading = `Your payslip for ${periodName(payslip.period)} (payroll run ${payslip.runStatus}):`;
  return [heading, ...lines, totals].join('\n');
}

/** The reply to list_payslips: the user's own payslip(s) of the month asked, or the latest; or plainly none. */
export function summarisePayslips(result: TurnResult, period: string | undefined, ctx: PlanContext): string {
  const payslips = dataOf<{ payslips?: Payslip[] }>(result).payslips ?? [];
  const own = payslips.filter((p) => p.employeeName === ctx.user.name);
  if (own.length === 0) {
    const which = period ? ` for ${periodName(period)}` : '';
    return `You have no payslip${which} yet: a payslip shows here once its payroll run is paid.`;
  }
  const latest = own.reduce((a, b) => (b.period > a.period ? b : a)).period;
  return own
    .filter((p) => p.period === (period ?? latest))
    .map(describePayslip)
    .join('\n\n');
}

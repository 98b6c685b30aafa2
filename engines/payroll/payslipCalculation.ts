import { divideRounded, formatMoney } from '../../lib/money/money';
import { addDays, daysBetween, type IsoDate } from '../leave/dates';
import { isWorkingDay, type HolidayCalendar } from '../leave/workingDays';

/**
 * One person's payslip for one month, computed from the period's inputs (company-api.md, Payroll). Pure: the payroll
 * run gathers the inputs (payrollInputs.ts) and writes what this answers. Every amount is exact in minor units: each
 * line is one fraction of whole numbers, rounded once, half away from zero. Tax and social security are out of
 * scope: the total is what is paid before them.
 *
 * - Salary: the yearly salary over twelve, pro rata by calendar days employed in the month (joiners and leavers), one
 *   line per salary in effect (a raise mid-month makes two).
 * - Overtime: each approved week's overtime minutes at the hourly rate (yearly salary over 52 weeks of five target
 *   days) times the overtime percentage.
 * - Allowances: the monthly amount pro rata by the days it runs while employed; bonuses: in full, in their month.
 * - Unpaid leave: each working day off (half days count half) at the daily rate, the month's salary over the month's
 *   working days (Monday to Friday, not a public holiday), with the salary of that day; a negative line.
 * - Reimbursements: each approved expense claim, in full.
 */

export interface SalaryEntry {
  /** In effect from this day until the next entry. */
  from: IsoDate;
  annualMinor: bigint;
  currency: string;
}

export interface PayslipInputs {
  period: { start: IsoDate; end: IsoDate };
  holidays: HolidayCalendar;
  employment: { hireDate: IsoDate; terminationDate: IsoDate | null };
  /** Every entry effective on or before the period's end, oldest first. */
  salaries: SalaryEntry[];
  allowances: Array<{
    id: string;
    name: string;
    monthlyMinor: bigint;
    currency: string;
    start: IsoDate;
    end: IsoDate | null;
  }>;
  bonuses: Array<{ id: string; name: string; amountMinor: bigint; currency: string; date: IsoDate }>;
  /** Approved weeks not paid yet. */
  overtime: Array<{ timesheetId: string; weekStart: IsoDate; weekEnd: IsoDate; minutes: number }>;
  policy: { dailyTargetMinutes: number; overtimeRatePercent: number };
  /** Approved unpaid leave overlapping the period. */
  unpaidLeave: Array<{ requestId: string; startDate: IsoDate; endDate: IsoDate; halfDay: boolean }>;
  /** Approved expense claims not reimbursed yet. */
  claims: Array<{ id: string; title: string; currency: string; totalMinor: bigint }>;
}

export type PayslipLineKind = 'salary' | 'overtime' | 'allowance' | 'bonus' | 'unpaid_leave' | 'reimbursement';

export interface PayslipLineDraft {
  kind: PayslipLineKind;
  description: string;
  quantity: string | null;
  amountMinor: bigint;
  sourceId: string | null;
}

export interface PayslipDraft {
  currency: string;
  lines: PayslipLineDraft[];
  grossMinor: bigint;
  deductionsMinor: bigint;
  reimbursementsMinor: bigint;
  totalMinor: bigint;
  /** Inputs in another currency than the payslip's, left out (not converted): for the run's review. */
  leftOut: string[];
}

const later = (a: IsoDate, b: IsoDate) => (a > b ? a : b);
const earlier = (a: IsoDate, b: IsoDate) => (a < b ? a : b);
const days = (from: IsoDate, to: IsoDate) => (from > to ? 0 : daysBetween(from, to) + 1);

/** The salary entry in effect on `date`, if any. */
export function salaryOnDay(salaries: readonly SalaryEntry[], date: IsoDate): SalaryEntry | undefined {
  let found: SalaryEntry | undefined;
  for (const entry of salaries) if (entry.from <= date) found = entry;
  return found;
}

/** The month's working days: Monday to Friday, not a public holiday. */
export function workingDaysIn(start: IsoDate, end: IsoDate, holidays: HolidayCalendar): number {
  let count = 0;
  for (let day = start; day <= end; day = addDays(day, 1)) if (isWorkingDay(day, holidays)) count += 1;
  return count;
}

/** The payslip of `inputs`, or null when there is nothing to pay (no salary, no claim). */
export function calculatePayslip(inputs: PayslipInputs): PayslipDraft | null {
  const { period } = inputs;
  const monthDays = days(period.start, period.end);
  const first = later(period.start, inputs.employment.hireDate);
  const last = earlier(period.end, inputs.employment.terminationDate ?? period.end);
  const employed = first <= last;
  const currency = (employed ? salaryOnDay(inputs.salaries, last) : undefined)?.currency ?? inputs.claims[0]?.currency;
  if (currency === undefined) return null;
  const lines: PayslipLineDraft[] = [];
  const leftOut: string[] = [];
  const keep = (line: PayslipLineDraft, lineCurrency: string) => {
    if (lineCurrency === currency) lines.push(line);
    else leftOut.push(`${line.description} (${formatMoney(line.amountMinor, lineCurrency)})`);
  };

  if (employed) {
    // One line per salary entry in effect during the employed days.
    let from = first;
    while (from <= last) {
      const entry = salaryOnDay(inputs.salaries, from);
      const next = inputs.salaries.find((s) => s.from > from)?.from;
      const to = next !== undefined && addDays(next, -1) < last ? addDays(next, -1) : last;
      if (entry) {
        const n = days(from, to);
        const whole = from === period.start && to === period.end;
        keep(
          {
            kind: 'salary',
            description: whole ? 'Salary' : `Salary ${from} to ${to}`,
            quantity: `${n} of ${monthDays} days`,
            amountMinor: divideRounded(entry.annualMinor * BigInt(n), 12n * BigInt(monthDays)),
            sourceId: null,
          },
          entry.currency,
        );
      }
      from = addDays(to, 1);
    }

    const weeklyTargetMinutes = BigInt(5 * inputs.policy.dailyTargetMinutes);
    for (const week of inputs.overtime) {
      const entry = salaryOnDay(inputs.salaries, earlier(week.weekEnd, last));
      if (!entry || week.minutes <= 0 || weeklyTargetMinutes === 0n) continue;
      keep(
        {
          kind: 'overtime',
          description: `Overtime, week of ${week.weekStart}`,
          quantity: `${week.minutes} minutes at ${inputs.policy.overtimeRatePercent}%`,
          amountMinor: divideRounded(
            BigInt(week.minutes) * entry.annualMinor * BigInt(inputs.policy.overtimeRatePercent),
            52n * weeklyTargetMinutes * 100n,
          ),
          sourceId: week.timesheetId,
        },
        entry.currency,
      );
    }

    for (const allowance of inputs.allowances) {
      const n = days(later(first, allowance.start), earlier(last, allowance.end ?? last));
      if (n === 0) continue;
      keep(
        {
          kind: 'allowance',
          description: `Allowance: ${allowance.name}`,
          quantity: `${n} of ${monthDays} days`,
          amountMinor: divideRounded(allowance.monthlyMinor * BigInt(n), BigInt(monthDays)),
          sourceId: allowance.id,
        },
        allowance.currency,
      );
    }

    for (const bonus of inputs.bonuses) {
      if (bonus.date < period.start || bonus.date > period.end) continue;
      keep(
        {
          kind: 'bonus',
          description: `Bonus: ${bonus.name}`,
          quantity: null,
          amountMinor: bonus.amountMinor,
          sourceId: bonus.id,
        },
        bonus.currency,
      );
    }

    const working = workingDaysIn(period.start, period.end, inputs.holidays);
    for (const leave of inputs.unpaidLeave) {
      // Half days counted in halves, so that every sum stays whole: the deduction is one fraction, rounded once.
      let halves = 0;
      let numerator = 0n;
      let entryCurrency = currency;
      for (let day = later(first, leave.startDate); day <= earlier(last, leave.endDate); day = addDays(day, 1)) {
        const entry = salaryOnDay(inputs.salaries, day);
        if (!entry || !isWorkingDay(day, inputs.holidays)) continue;
        const weight = leave.halfDay ? 1 : 2;
        halves += weight;
        numerator += entry.annualMinor * BigInt(weight);
        entryCurrency = entry.currency;
      }
      if (halves === 0 || working === 0) continue;
      keep(
        {
          kind: 'unpaid_leave',
          description: `Unpaid leave ${leave.startDate} to ${leave.endDate}`,
          quantity: `${halves / 2} of ${working} working days`,
          amountMinor: -divideRounded(numerator, 2n * 12n * BigInt(working)),
          sourceId: leave.requestId,
        },
        entryCurrency,
      );
    }
  }

  for (const claim of inputs.claims) {
    keep(
      {
        kind: 'reimbursement',
        description: `Expense claim: ${claim.title}`,
        quantity: null,
        amountMinor: claim.totalMinor,
        sourceId: claim.id,
      },
      claim.currency,
    );
  }
  if (lines.length === 0) return null;

  const sum = (kinds: PayslipLineKind[]) =>
    lines.filter((l) => kinds.includes(l.kind)).reduce((total, l) => total + l.amountMinor, 0n);
  const grossMinor = sum(['salary', 'overtime', 'allowance', 'bonus', 'unpaid_leave']);
  const reimbursementsMinor = sum(['reimbursement']);
  return {
    currency,
    lines,
    grossMinor,
    deductionsMinor: -sum(['unpaid_leave']),
    reimbursementsMinor,
    totalMinor: grossMinor + reimbursementsMinor,
    leftOut,
  };
}

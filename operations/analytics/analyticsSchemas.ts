import { z } from 'zod';
import { companyCredentialKinds } from '../../engines/access/requireAccess';
import { analyticsGroupings, MAX_PERIOD_YEARS, type AnalyticsFilter } from '../../engines/analytics/analyticsQuery';
import { IsoDateString } from '../leave/leaveSchemas';

/** What every operation of the Analytics area shares (company-api.md): read-only, analytics:read. */
export const analyticsOperation = {
  credentials: companyCredentialKinds,
  errorStyle: 'company',
  tag: 'Company API: Analytics',
  access: 'analytics:read',
} as const;

const uuidList = z
  .string()
  .max(37 * 50)
  .transform((s, ctx) => {
    const ids = [...new Set(s.split(',').map((id) => id.trim()))].filter((id) => id !== '');
    for (const id of ids) {
      if (!z.uuid().safeParse(id).success) {
        ctx.addIssue({ code: 'custom', message: `"${id.slice(0, 40)}" is not a uuid` });
        return z.NEVER;
      }
    }
    return ids;
  });

/** The filter every figure takes, as query parameters. */
export const analyticsFilterQuery = {
  from: IsoDateString.describe('first day of the period, YYYY-MM-DD (inclusive)'),
  to: IsoDateString.describe(
    `last day of the period, YYYY-MM-DD (inclusive), on or after from; a period covers at most ${MAX_PERIOD_YEARS} years`,
  ),
  groupBy: z
    .enum(analyticsGroupings)
    .default('month')
    .describe(
      'how the series is cut: month (default) or quarter; the first and last buckets are clipped to the period',
    ),
  departmentIds: uuidList
    .optional()
    .describe(
      'only people of these departments (their department now): department ids separated by commas, at most 50',
    ),
};

/** The filter as the engines take it. */
export function filterOf(query: {
  from: string;
  to: string;
  groupBy: AnalyticsFilter['groupBy'];
  departmentIds?: string[] | undefined;
}): AnalyticsFilter {
  return { from: query.from, to: query.to, groupBy: query.groupBy, departmentIds: query.departmentIds ?? [] };
}

export const HeadcountFiguresView = z.object({
  from: z.string().describe('first day of the bucket (or period), YYYY-MM-DD'),
  to: z.string().describe('last day of the bucket (or period), YYYY-MM-DD'),
  headcountStart: z.number().int().describe('people employed on the first day'),
  headcountEnd: z.number().int().describe('people employed on the last day (whose last day it is included)'),
  hires: z.number().int().describe('people whose hire date falls inside'),
  leavers: z.number().int().describe('people whose last day of employment falls inside'),
  averageHeadcount: z.number().describe('(headcountStart + headcountEnd) / 2'),
  turnover: z.number().nullable().describe('leavers / averageHeadcount, four decimals (0.0833 = 8.33 %); null at 0'),
});

export const HeadcountAnalyticsView = z.object({
  period: HeadcountFiguresView.describe('the whole period'),
  series: z.array(HeadcountFiguresView).describe('one entry per month or quarter'),
  departments: z
    .array(
      z.object({
        departmentId: z.uuid().nullable().describe('null: people in no department'),
        departmentName: z.string().nullable(),
        series: z.array(HeadcountFiguresView),
      }),
    )
    .optional()
    .describe('per department, with byDepartment=true'),
});

export const AbsenceFiguresView = z.object({
  from: z.string().describe('first day of the bucket (or period), YYYY-MM-DD'),
  to: z.string().describe('last day of the bucket (or period), YYYY-MM-DD'),
  scheduledDays: z.number().describe('working days (Mon-Fri, not a public holiday) the people were employed on'),
  absenceDays: z.number().describe('of those, days of approved leave of any kind (a half day counts 0.5)'),
  absenceRate: z.number().nullable().describe('absenceDays / scheduledDays, four decimals; null when 0 scheduled'),
});

export const AbsenceAnalyticsView = z.object({
  period: AbsenceFiguresView.describe('the whole period'),
  series: z.array(AbsenceFiguresView).describe('one entry per month or quarter'),
});

export const OvertimeFiguresView = z.object({
  from: z.string().describe('first day of the bucket (or period), YYYY-MM-DD'),
  to: z.string().describe('last day of the bucket (or period), YYYY-MM-DD'),
  overtimeMinutes: z.number().int().describe('overtime of the APPROVED weekly timesheets whose Sunday falls inside'),
  timesheets: z.number().int().describe('how many such timesheets'),
  people: z.number().int().describe('of how many people'),
});

export const OvertimeAnalyticsView = z.object({
  period: OvertimeFiguresView.describe('the whole period'),
  series: z.array(OvertimeFiguresView).describe('one entry per month or quarter'),
});

const ExpenseTotalView = z.object({
  currency: z.string().describe('ISO 4217 currency of the claims'),
  amountMinor: z.number().int().describe('sum of the lines in minor units of currency'),
  lines: z.number().int().describe('how many expense lines'),
});

export const ExpenseAnalyticsView = z.object({
  period: z.object({ from: z.string(), to: z.string(), totals: z.array(ExpenseTotalView).describe('per currency') }),
  series: z
    .array(z.object({ from: z.string(), to: z.string(), totals: z.array(ExpenseTotalView) }))
    .describe('one entry per month or quarter, totals per currency'),
  byCategory: z
    .array(ExpenseTotalView.extend({ categoryId: z.uuid(), categoryName: z.string() }))
    .describe('the period per category and currency, largest first'),
});

export const TimeToHireFiguresView = z.object({
  from: z.string().describe('first day of the bucket (or period), YYYY-MM-DD'),
  to: z.string().describe('last day of the bucket (or period), YYYY-MM-DD'),
  hires: z.number().int().describe('offers accepted inside'),
  medianDays: z.number().nullable().describe('median days from application to accepted offer; null without hires'),
  meanDays: z.number().nullable().describe('mean of the same days, one decimal'),
  minDays: z.number().int().nullable(),
  maxDays: z.number().int().nullable(),
});

export const TimeToHireAnalyticsView = z.object({
  period: TimeToHireFiguresView.describe('the whole period (its median is of all its hires, not of the buckets)'),
  series: z.array(TimeToHireFiguresView).describe('one entry per month or quarter'),
});

export const LeaveLiabilityView = z.object({
  year: z.number().int().describe('the balance year: the year of to'),
  asOf: z.string().describe('the day it is measured on: to'),
  employees: z.number().int().describe('people in scope employed on asOf with an annual leave balance that year'),
  untakenDays: z.number().describe('sum of allocated - used days of the annual leave policies'),
  money: z
    .object({
      totals: z
        .array(z.object({ amountMinor: z.number().int(), currency: z.string() }))
        .describe('untaken days × salary on asOf / 260, per salary currency, rounded to the minor unit'),
      unpricedEmployees: z.number().int().describe('people counted in days who have no salary on asOf'),
    })
    .nullable()
    .describe('null unless you may see the pay of the people counted (HR; managers where the workspace allows)'),
});

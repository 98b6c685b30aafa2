import { toCsv } from '../artifacts/csv';
import type { AbsenceAnalytics } from './absence';
import type { ExpenseAnalytics } from './expenseTotals';
import type { HeadcountAnalytics, HeadcountFigures } from './headcount';
import type { LeaveLiability } from './leaveLiability';
import type { OvertimeAnalytics } from './overtime';
import type { TimeToHireAnalytics } from './timeToHire';

/** The figures an export can hold, by report name: the same engines as the JSON operations. */
export const analyticsReports = [
  'headcount',
  'absence',
  'overtime',
  'expenses',
  'time-to-hire',
  'leave-liability',
] as const;
export type AnalyticsReport = (typeof analyticsReports)[number];

export type ReportFigures =
  | { report: 'headcount'; figures: HeadcountAnalytics }
  | { report: 'absence'; figures: AbsenceAnalytics }
  | { report: 'overtime'; figures: OvertimeAnalytics }
  | { report: 'expenses'; figures: ExpenseAnalytics }
  | { report: 'time-to-hire'; figures: TimeToHireAnalytics }
  | { report: 'leave-liability'; figures: LeaveLiability };

const headcountRow = (department: string, b: HeadcountFigures) => [
  b.from,
  b.to,
  department,
  b.headcountStart,
  b.headcountEnd,
  b.hires,
  b.leavers,
  b.averageHeadcount,
  b.turnover,
];

/**
 * One CSV document of a report: a row per bucket (`month` or `quarter`), then a `total` row of the whole period (the `bucket` column
 * says which), numbers as plain decimals and money in minor units, as the JSON answers carry them.
 */
export function analyticsCsv(r: ReportFigures, grouping: string): string {
  switch (r.report) {
    case 'headcount': {
      const f = r.figures;
      const rows = [
        ...f.series.map((b) => [grouping, ...headcountRow('', b)]),
        ['total', ...headcountRow('', f.period)],
        ...(f.departments ?? []).flatMap((d) =>
          d.series.map((b) => ['department', ...headcountRow(d.departmentName ?? '(none)', b)]),
        ),
      ];
      const header = ['bucket', 'from', 'to', 'department', 'headcount_start', 'headcount_end', 'hires', 'leavers'];
      return toCsv([...header, 'average_headcount', 'turnover'], rows);
    }
    case 'absence': {
      const row = (kind: string, b: AbsenceAnalytics['period']) => [
        kind,
        b.from,
        b.to,
        b.scheduledDays,
        b.absenceDays,
        b.absenceRate,
      ];
      return toCsv(
        ['bucket', 'from', 'to', 'scheduled_days', 'absence_days', 'absence_rate'],
        [...r.figures.series.map((b) => row(grouping, b)), row('total', r.figures.period)],
      );
    }
    case 'overtime': {
      const row = (kind: string, b: OvertimeAnalytics['period']) => [
        kind,
        b.from,
        b.to,
        b.overtimeMinutes,
        b.timesheets,
        b.people,
      ];
      return toCsv(
        ['bucket', 'from', 'to', 'overtime_minutes', 'timesheets', 'people'],
        [...r.figures.series.map((b) => row(grouping, b)), row('total', r.figures.period)],
      );
    }
    case 'expenses': {
      const f = r.figures;
      const rows = [
        ...f.series.flatMap((b) =>
          b.totals.map((t) => [grouping, b.from, b.to, '', t.currency, t.amountMinor, t.lines]),
        ),
        ...f.period.totals.map((t) => ['total', f.period.from, f.period.to, '', t.currency, t.amountMinor, t.lines]),
        ...f.byCategory.map((c) => [
          'category',
          f.period.from,
          f.period.to,
          c.categoryName,
          c.currency,
          c.amountMinor,
          c.lines,
        ]),
      ];
      return toCsv(['bucket', 'from', 'to', 'category', 'currency', 'amount_minor', 'lines'], rows);
    }
    case 'time-to-hire': {
      const row = (kind: string, b: TimeToHireAnalytics['period']) => [
        kind,
        b.from,
        b.to,
        b.hires,
        b.medianDays,
        b.meanDays,
        b.minDays,
        b.maxDays,
      ];
      return toCsv(
        ['bucket', 'from', 'to', 'hires', 'median_days', 'mean_days', 'min_days', 'max_days'],
        [...r.figures.series.map((b) => row(grouping, b)), row('total', r.figures.period)],
      );
    }
    case 'leave-liability': {
      const f = r.figures;
      const money = f.money?.totals ?? [];
      const rows =
        money.length === 0
          ? [[f.year, f.asOf, f.employees, f.untakenDays, '', '']]
          : money.map((m) => [f.year, f.asOf, f.employees, f.untakenDays, m.currency, m.amountMinor]);
      return toCsv(['year', 'as_of', 'employees', 'untaken_days', 'currency', 'amount_minor'], rows);
    }
  }
}

import { deepStrictEqual } from 'node:assert/strict';
import type { AnalyticsReport } from '../engines/analytics/analyticsCsv';
import { ratio } from '../engines/analytics/analyticsQuery';
import { ABSENCE, EXPENSES, HEADCOUNT, LEAVE_LIABILITY, OVERTIME, TIME_TO_HIRE } from './analyticsByHandSql';

/**
 * Each analytics figure beside its hand-written statement (bench/analyticsByHandSql.ts), and how to read the
 * operation's JSON answer against the statement's rows: the bench checks they agree before it times either.
 */
export interface FigureByHand {
  /** The export's report name, and where the JSON operation answers it (`data[key]`). */
  report: AnalyticsReport;
  key: string;
  label: string;
  /** The JSON operation's path and query, without from and to. */
  url: string;
  sql: string;
  /** Throws (with a diff) when the operation's figure is not the one the rows make. */
  check(answer: unknown, rows: Row[]): void;
}

type Row = Record<string, unknown>;
type Bucket = { from: string } & Row;

/** The months the operations cut the period into (bench period: whole months). */
const monthsOf = (answer: unknown): string[] => (answer as { series: Bucket[] }).series.map((b) => b.from);
const pick = <T extends Row>(o: T, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));
const same = (what: string, actual: unknown, expected: unknown) =>
  deepStrictEqual(actual, expected, `${what}: the operation and the hand-written SQL disagree`);

const HEADCOUNT_KEYS = ['from', 'headcountStart', 'headcountEnd', 'hires', 'leavers', 'averageHeadcount', 'turnover'];

function headcountFigures(from: string, rows: Row[]) {
  const sum = (k: string) => rows.reduce((n, r) => n + (r[k] as number), 0);
  const [start, end] = [sum('start'), sum('end')];
  const average = (start + end) / 2;
  return {
    from,
    headcountStart: start,
    headcountEnd: end,
    hires: sum('hires'),
    leavers: sum('leavers'),
    averageHeadcount: average,
    turnover: ratio(sum('leavers'), average),
  };
}

function checkHeadcount(answer: unknown, rows: Row[]): void {
  const a = answer as { series: Bucket[]; period: Bucket; departments: Array<{ departmentId: string | null } & Row> };
  const months = monthsOf(answer);
  const series = months.map((m) =>
    headcountFigures(
      m,
      rows.filter((r) => r.month === m),
    ),
  );
  same(
    'headcount by month',
    a.series.map((b) => pick(b, HEADCOUNT_KEYS)),
    series,
  );
  const first = series[0]!;
  const last = series.at(-1)!;
  const period = headcountFigures(first.from, [
    { start: first.headcountStart, end: last.headcountEnd, hires: 0, leavers: 0 },
    ...series.map((b) => ({ start: 0, end: 0, hires: b.hires, leavers: b.leavers })),
  ]);
  same('headcount of the year', pick(a.period, HEADCOUNT_KEYS), period);
  const departments = [...new Set(rows.map((r) => r.department_id as string | null))].sort();
  same(
    'headcount by department',
    a.departments
      .map((d) => ({ id: d.departmentId, series: (d.series as Bucket[]).map((b) => pick(b, HEADCOUNT_KEYS)) }))
      .sort((x, y) => String(x.id).localeCompare(String(y.id))),
    departments
      .map((id) => ({
        id,
        series: months.map((m) =>
          headcountFigures(
            m,
            rows.filter((r) => r.month === m && r.department_id === id),
          ),
        ),
      }))
      .sort((x, y) => String(x.id).localeCompare(String(y.id))),
  );
}

function checkAbsence(answer: unknown, rows: Row[]): void {
  const a = answer as { series: Bucket[]; period: Bucket };
  const figures = (from: string, scheduled: number, absent: number) => ({
    from,
    scheduledDays: scheduled,
    absenceDays: absent,
    absenceRate: ratio(absent, scheduled),
  });
  const keys = ['from', 'scheduledDays', 'absenceDays', 'absenceRate'];
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const series = monthsOf(answer).map((m) =>
    figures(m, (byMonth.get(m)?.scheduled as number) ?? 0, (byMonth.get(m)?.absent as number) ?? 0),
  );
  same(
    'absence by month',
    a.series.map((b) => pick(b, keys)),
    series,
  );
  const total = (k: 'scheduledDays' | 'absenceDays') => series.reduce((n, b) => n + b[k], 0);
  same(
    'absence of the year',
    pick(a.period, keys),
    figures(a.period.from, total('scheduledDays'), total('absenceDays')),
  );
}

function checkLeaveLiability(answer: unknown, rows: Row[]): void {
  const priced = rows.filter((r) => r.currency !== null);
  same('leave liability', answer, {
    year: 2025,
    asOf: (answer as Row).asOf,
    employees: rows.reduce((n, r) => n + (r.employees as number), 0),
    untakenDays: rows.reduce((n, r) => n + (r.days as number), 0),
    money: {
      totals: priced
        .map((r) => ({ amountMinor: r.amount, currency: r.currency }))
        .sort((x, y) => String(x.currency).localeCompare(String(y.currency))),
      unpricedEmployees: (rows.find((r) => r.currency === null)?.employees as number) ?? 0,
    },
  });
}

/** A figure with a row per month and one for the period (month null): the operation's keys from the row's. */
function checkMonthly(what: string, fields: Record<string, string>, zero: Row) {
  return (answer: unknown, rows: Row[]): void => {
    const a = answer as { series: Bucket[]; period: Bucket };
    const view = (from: string, r: Row | undefined) => ({
      from,
      ...Object.fromEntries(Object.entries(fields).map(([k, col]) => [k, r ? r[col] : zero[k]])),
    });
    const keys = ['from', ...Object.keys(fields)];
    same(
      `${what} by month`,
      a.series.map((b) => pick(b, keys)),
      monthsOf(answer).map((m) =>
        view(
          m,
          rows.find((r) => r.month === m),
        ),
      ),
    );
    same(
      `${what} of the year`,
      pick(a.period, keys),
      view(
        a.period.from,
        rows.find((r) => r.month === null),
      ),
    );
  };
}

function checkExpenses(answer: unknown, rows: Row[]): void {
  type Total = { currency: string; amountMinor: number; lines: number };
  const a = answer as {
    series: Array<{ from: string; totals: Total[] }>;
    period: { totals: Total[] };
    byCategory: Row[];
  };
  const total = (r: Row) => ({ currency: r.currency, amountMinor: r.amount, lines: r.lines });
  const byCurrency = (x: { currency: unknown }, y: { currency: unknown }) =>
    String(x.currency).localeCompare(String(y.currency));
  same(
    'expenses by month',
    a.series.map((b) => ({ from: b.from, totals: [...b.totals].sort(byCurrency) })),
    monthsOf(answer).map((m) => ({
      from: m,
      totals: rows
        .filter((r) => r.month === m)
        .map(total)
        .sort(byCurrency),
    })),
  );
  same(
    'expenses of the year',
    [...a.period.totals].sort(byCurrency),
    rows
      .filter((r) => r.month === null && r.category_id === null)
      .map(total)
      .sort(byCurrency),
  );
  const key = (r: Row) => `${String(r.categoryId)}/${String(r.currency)}`;
  same(
    'expenses by category',
    a.byCategory
      .map((c) => pick(c, ['categoryId', 'categoryName', 'currency', 'amountMinor', 'lines']))
      .sort((x, y) => key(x).localeCompare(key(y))),
    rows
      .filter((r) => r.category_id !== null)
      .map((r) => ({ categoryId: r.category_id, categoryName: r.category_name, ...total(r) }))
      .sort((x, y) => key(x).localeCompare(key(y))),
  );
}

/** Every figure of the Analytics area, as the bench asks for it (headcount with its departments). */
export const figuresByHand: readonly FigureByHand[] = [
  {
    report: 'headcount',
    key: 'headcount',
    label: 'headcount, hires, leavers, turnover (by department)',
    url: '/api/analytics/headcount?byDepartment=true',
    sql: HEADCOUNT,
    check: checkHeadcount,
  },
  {
    report: 'absence',
    key: 'absence',
    label: 'absence rate',
    url: '/api/analytics/absence',
    sql: ABSENCE,
    check: checkAbsence,
  },
  {
    report: 'leave-liability',
    key: 'leaveLiability',
    label: 'leave liability (days and money)',
    url: '/api/analytics/leave-liability',
    sql: LEAVE_LIABILITY,
    check: checkLeaveLiability,
  },
  {
    report: 'overtime',
    key: 'overtime',
    label: 'overtime',
    url: '/api/analytics/overtime',
    sql: OVERTIME,
    check: checkMonthly(
      'overtime',
      { overtimeMinutes: 'minutes', timesheets: 'sheets', people: 'people' },
      { overtimeMinutes: 0, timesheets: 0, people: 0 },
    ),
  },
  {
    report: 'expenses',
    key: 'expenses',
    label: 'expense totals',
    url: '/api/analytics/expenses',
    sql: EXPENSES,
    check: checkExpenses,
  },
  {
    report: 'time-to-hire',
    key: 'timeToHire',
    label: 'time to hire',
    url: '/api/analytics/time-to-hire',
    sql: TIME_TO_HIRE,
    check: checkMonthly(
      'time to hire',
      { hires: 'hires', medianDays: 'median', meanDays: 'mean', minDays: 'min', maxDays: 'max' },
      { hires: 0, medianDays: null, meanDays: null, minDays: null, maxDays: null },
    ),
  },
];

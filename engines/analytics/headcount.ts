import { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { type AnalyticsScope, bucketsSql, ratio, runAnalytics } from './analyticsQuery';

/** The figures of one bucket of the series (a month or a quarter) or of the whole period. */
export interface HeadcountFigures {
  from: string;
  to: string;
  /** Employed on the first day: hired on or before it, last day (if any) on or after it. */
  headcountStart: number;
  /** Employed on the last day (someone whose last day it is still counts). */
  headcountEnd: number;
  /** Hire dates inside the bucket. */
  hires: number;
  /** Last days of employment inside the bucket. */
  leavers: number;
  /** (headcountStart + headcountEnd) / 2. */
  averageHeadcount: number;
  /** leavers / averageHeadcount, four decimals; null when nobody was employed. */
  turnover: number | null;
}

export interface HeadcountDepartment {
  departmentId: string | null;
  departmentName: string | null;
  series: HeadcountFigures[];
}

export interface HeadcountAnalytics {
  period: HeadcountFigures;
  series: HeadcountFigures[];
  /** Per department (the person's department now), when asked for. */
  departments?: HeadcountDepartment[];
}

interface Row {
  bucket_start: string;
  bucket_end: string;
  department_id: string | null;
  department_name: string | null;
  headcount_start: number;
  headcount_end: number;
  hires: number;
  leavers: number;
  /** True on the row of a bucket in which nobody in scope was counted (no department to name). */
  empty_bucket: boolean;
}

type Counts = Pick<HeadcountFigures, 'headcountStart' | 'headcountEnd' | 'hires' | 'leavers'>;

function figures(from: string, to: string, c: Counts): HeadcountFigures {
  const averageHeadcount = (c.headcountStart + c.headcountEnd) / 2;
  return { from, to, ...c, averageHeadcount, turnover: ratio(c.leavers, averageHeadcount) };
}

/** The bucket-by-bucket sums of some rows (a department's, or all of them). */
function seriesOf(rows: readonly Row[]): HeadcountFigures[] {
  const buckets = new Map<string, Row & { counts: Counts }>();
  for (const r of rows) {
    const b = buckets.get(r.bucket_start) ?? {
      ...r,
      counts: { headcountStart: 0, headcountEnd: 0, hires: 0, leavers: 0 },
    };
    b.counts.headcountStart += r.headcount_start;
    b.counts.headcountEnd += r.headcount_end;
    b.counts.hires += r.hires;
    b.counts.leavers += r.leavers;
    buckets.set(r.bucket_start, b);
  }
  return [...buckets.values()].map((b) => figures(b.bucket_start, b.bucket_end, b.counts));
}

/** The whole period from its series: the first bucket's start, the last one's end, the sums between. */
function periodOf(scope: AnalyticsScope, series: readonly HeadcountFigures[]): HeadcountFigures {
  return figures(scope.from, scope.to, {
    headcountStart: series[0]?.headcountStart ?? 0,
    headcountEnd: series.at(-1)?.headcountEnd ?? 0,
    hires: series.reduce((n, b) => n + b.hires, 0),
    leavers: series.reduce((n, b) => n + b.leavers, 0),
  });
}

/**
 * Headcount, hires, leavers and turnover of the people in scope, per month or quarter of the period and for the
 * whole of it. One statement: the people in scope grouped by (clipped) hire day, last day and department, crossed
 * with the buckets, counted with FILTER and grouped by bucket and department, so a 10 000-person workspace is never
 * loaded into node (bench/analytics.ts). Departments
 * are the people's departments now (no history of moves is kept).
 */
export async function headcountAnalytics(
  db: PrismaClient,
  scope: AnalyticsScope,
  opts: { byDepartment: boolean },
): Promise<HeadcountAnalytics> {
  const rows = await runAnalytics<Row[]>(
    db,
    Prisma.sql`
    WITH buckets AS (${bucketsSql(scope)}),
    people AS (
      -- Hire days before the period and last days after it count alike in every bucket: clipped, so the people
      -- group into a row per distinct pair of days, not a row per person.
      SELECT GREATEST(e.hire_date, ${scope.from}::date - 1) AS hire_date,
             CASE WHEN e.termination_date > ${scope.to}::date THEN NULL ELSE e.termination_date END AS termination_date,
             e.department_id, count(*)::int AS n
      FROM employees e
      WHERE ${scope.people} AND e.hire_date <= ${scope.to}::date
        AND (e.termination_date IS NULL OR e.termination_date >= ${scope.from}::date)
      GROUP BY 1, 2, 3
    ),
    counts AS (
      SELECT b.bucket_start, b.bucket_end, p.department_id,
        sum(p.n) FILTER (WHERE p.hire_date <= b.bucket_start
                         AND (p.termination_date IS NULL OR p.termination_date >= b.bucket_start))::int AS headcount_start,
        sum(p.n) FILTER (WHERE p.hire_date <= b.bucket_end
                         AND (p.termination_date IS NULL OR p.termination_date >= b.bucket_end))::int AS headcount_end,
        sum(p.n) FILTER (WHERE p.hire_date BETWEEN b.bucket_start AND b.bucket_end)::int AS hires,
        sum(p.n) FILTER (WHERE p.termination_date BETWEEN b.bucket_start AND b.bucket_end)::int AS leavers
      FROM buckets b CROSS JOIN people p
      GROUP BY b.bucket_start, b.bucket_end, p.department_id
    )
    SELECT to_char(b.bucket_start, 'YYYY-MM-DD') AS bucket_start, to_char(b.bucket_end, 'YYYY-MM-DD') AS bucket_end,
           c.department_id::text AS department_id, d.name AS department_name,
           coalesce(c.headcount_start, 0) AS headcount_start, coalesce(c.headcount_end, 0) AS headcount_end,
           coalesce(c.hires, 0) AS hires, coalesce(c.leavers, 0) AS leavers, c.bucket_start IS NULL AS empty_bucket
    FROM buckets b
    LEFT JOIN counts c ON c.bucket_start = b.bucket_start
    LEFT JOIN departments d ON d.id = c.department_id
    ORDER BY b.bucket_start, d.name NULLS LAST`,
  );
  const series = seriesOf(rows);
  const answer: HeadcountAnalytics = { period: periodOf(scope, series), series };
  if (opts.byDepartment) answer.departments = departmentsOf(rows);
  return answer;
}

/** Each department's own series, over every bucket (a bucket without anyone of it counts zeros). */
function departmentsOf(rows: readonly Row[]): HeadcountDepartment[] {
  const empty = (r: Row): Row => ({ ...r, headcount_start: 0, headcount_end: 0, hires: 0, leavers: 0 });
  const buckets = [...new Map(rows.map((r) => [r.bucket_start, empty(r)])).values()];
  const departments = new Map<string, { id: string | null; name: string | null; rows: Row[] }>();
  for (const r of rows) {
    if (r.empty_bucket) continue;
    const key = r.department_id ?? '';
    const d = departments.get(key) ?? { id: r.department_id, name: r.department_name, rows: buckets.map(empty) };
    d.rows.push(r);
    departments.set(key, d);
  }
  return [...departments.values()].map((d) => ({
    departmentId: d.id,
    departmentName: d.name,
    series: seriesOf(d.rows),
  }));
}

import { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { type AnalyticsScope, bucketsSql, ratio, runAnalytics } from './analyticsQuery';

/** Absence of one bucket (a month or a quarter) or of the whole period. */
export interface AbsenceFigures {
  from: string;
  to: string;
  /** Working days (Monday to Friday, not a public holiday) the people in scope were employed on. */
  scheduledDays: number;
  /** Working days of approved leave (APPROVED, IN_PROGRESS, COMPLETED) on those days; a half day counts 0.5. */
  absenceDays: number;
  /** absenceDays / scheduledDays, four decimals; null when nothing was scheduled. */
  absenceRate: number | null;
}

export interface AbsenceAnalytics {
  period: AbsenceFigures;
  series: AbsenceFigures[];
}

interface Row {
  bucket_start: string;
  bucket_end: string;
  scheduled: number;
  absent: number;
}

/**
 * The absence rate of the people in scope, per month or quarter and for the period. One statement: a calendar of
 * the period's days numbers the working days cumulatively (weekends and the workspace's public holidays do not
 * count, as in the leave engine's day count), so the working days between two dates are a difference of two
 * lookups: no row per person and day is made, and people (and requests) of the same span are grouped before they
 * meet the buckets and the lookups, so a month in which most people were employed throughout is one lookup, not thousands. A person counts from their hire date to their last day; a leave
 * request counts on the days of it inside both the bucket and the person's employment.
 */
export async function absenceAnalytics(db: PrismaClient, scope: AnalyticsScope): Promise<AbsenceAnalytics> {
  const rows = await runAnalytics<Row[]>(
    db,
    Prisma.sql`
    WITH buckets AS (${bucketsSql(scope)}),
    days AS (
      SELECT d::date AS day,
             (extract(isodow FROM d) < 6 AND d::date >= ${scope.from}::date AND NOT EXISTS (
               SELECT 1 FROM public_holidays h WHERE h.tenant_id = ${scope.tenantId}::uuid AND h.date = d::date)) AS working
      FROM generate_series(${scope.from}::date - 1, ${scope.to}::date, interval '1 day') AS d
    ),
    cal AS (SELECT day, (count(*) FILTER (WHERE working) OVER (ORDER BY day))::int AS n FROM days),
    people AS (
      SELECT e.id, GREATEST(e.hire_date, ${scope.from}::date) AS first_day,
             LEAST(coalesce(e.termination_date, ${scope.to}::date), ${scope.to}::date) AS last_day
      FROM employees e
      WHERE ${scope.people} AND e.hire_date <= ${scope.to}::date
        AND (e.termination_date IS NULL OR e.termination_date >= ${scope.from}::date)
    ),
    employment AS (SELECT first_day, last_day, count(*) AS people FROM people GROUP BY 1, 2),
    spans AS (
      SELECT b.bucket_start, GREATEST(p.first_day, b.bucket_start) AS s, LEAST(p.last_day, b.bucket_end) AS e,
             sum(p.people) AS people
      FROM buckets b JOIN employment p ON p.first_day <= b.bucket_end AND p.last_day >= b.bucket_start
      GROUP BY 1, 2, 3
    ),
    scheduled AS (
      SELECT sp.bucket_start, sum((ce.n - cs.n) * sp.people)::int AS days
      FROM spans sp JOIN cal cs ON cs.day = sp.s - 1 JOIN cal ce ON ce.day = sp.e
      GROUP BY sp.bucket_start
    ),
    requests AS MATERIALIZED (
      SELECT r.employee_id, r.start_date, r.end_date, r.half_day FROM leave_requests r
      WHERE r.tenant_id = ${scope.tenantId}::uuid AND r.status IN ('APPROVED', 'IN_PROGRESS', 'COMPLETED')
        AND r.start_date <= ${scope.to}::date AND r.end_date >= ${scope.from}::date
    ),
    leave_spans AS (
      SELECT GREATEST(r.start_date, p.first_day) AS s, LEAST(r.end_date, p.last_day) AS e,
             sum(CASE WHEN r.half_day THEN 0.5 ELSE 1 END) AS weight
      FROM requests r JOIN people p ON p.id = r.employee_id
      GROUP BY 1, 2
    ),
    leave AS (
      SELECT b.bucket_start, GREATEST(l.s, b.bucket_start) AS s, LEAST(l.e, b.bucket_end) AS e, sum(l.weight) AS weight
      FROM leave_spans l JOIN buckets b ON l.s <= b.bucket_end AND l.e >= b.bucket_start
      GROUP BY 1, 2, 3
    ),
    absent AS (
      SELECT l.bucket_start, sum((ce.n - cs.n) * l.weight)::float8 AS days
      FROM leave l JOIN cal cs ON cs.day = l.s - 1 JOIN cal ce ON ce.day = l.e
      WHERE l.s <= l.e
      GROUP BY l.bucket_start
    )
    SELECT to_char(b.bucket_start, 'YYYY-MM-DD') AS bucket_start, to_char(b.bucket_end, 'YYYY-MM-DD') AS bucket_end,
           coalesce(s.days, 0) AS scheduled, coalesce(a.days, 0)::float8 AS absent
    FROM buckets b
    LEFT JOIN scheduled s ON s.bucket_start = b.bucket_start
    LEFT JOIN absent a ON a.bucket_start = b.bucket_start
    ORDER BY b.bucket_start`,
  );
  const series = rows.map((r) => figures(r.bucket_start, r.bucket_end, r.scheduled, r.absent));
  const scheduled = series.reduce((n, b) => n + b.scheduledDays, 0);
  const absent = series.reduce((n, b) => n + b.absenceDays, 0);
  return { period: figures(scope.from, scope.to, scheduled, absent), series };
}

function figures(from: string, to: string, scheduledDays: number, absenceDays: number): AbsenceFigures {
  return { from, to, scheduledDays, absenceDays, absenceRate: ratio(absenceDays, scheduledDays) };
}

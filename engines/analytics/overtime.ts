import { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { type AnalyticsScope, bucketsSql, runAnalytics } from './analyticsQuery';

/** Overtime of one bucket or of the period. */
export interface OvertimeFigures {
  from: string;
  to: string;
  /** Overtime minutes of the APPROVED weekly timesheets whose week ends (Sunday) inside. */
  overtimeMinutes: number;
  /** How many such timesheets, and of how many people. */
  timesheets: number;
  people: number;
}

export interface OvertimeAnalytics {
  period: OvertimeFigures;
  series: OvertimeFigures[];
}

interface Row {
  /** Null on the row of the whole period. */
  bucket_start: string | null;
  bucket_end: string | null;
  minutes: number;
  sheets: number;
  people: number;
}

/**
 * Approved overtime of the people in scope: the `overtimeMinutes` of their APPROVED timesheets (fixed at sign-off,
 * what Payroll pays), counted in the bucket holding the week's Sunday, as Payroll pays it in that month.
 *
 * One statement for the series and the period. A year of weekly sheets is about 50 rows per person (half a million
 * at 10 000 people, bench/analytics.ts), so they are summed per person and bucket before anything else: the people
 * of a bucket are then its rows, the period's people the distinct persons among them, and the join that applies the
 * scope meets a row per person and bucket rather than one per week. The bucket is the month or quarter of the
 * Sunday (the period's bounds already clip the sheets), found by date_trunc, not by a range join with the buckets.
 */
export async function overtimeAnalytics(db: PrismaClient, scope: AnalyticsScope): Promise<OvertimeAnalytics> {
  const rows = await runAnalytics<Row[]>(
    db,
    Prisma.sql`
    WITH buckets AS (${bucketsSql(scope)}),
    sheets AS (
      SELECT t.employee_id,
             GREATEST(date_trunc(${scope.groupBy}::text, t.end_date::timestamp)::date, ${scope.from}::date) AS bucket_start,
             sum(t.overtime_minutes) AS minutes, count(*) AS sheets
      FROM timesheets t
      WHERE t.tenant_id = ${scope.tenantId}::uuid AND t.status = 'APPROVED'
        AND t.end_date BETWEEN ${scope.from}::date AND ${scope.to}::date
      GROUP BY 1, 2
    ),
    counted AS MATERIALIZED (
      SELECT s.* FROM sheets s JOIN employees e ON e.id = s.employee_id AND ${scope.people}
    )
    SELECT to_char(b.bucket_start, 'YYYY-MM-DD') AS bucket_start, to_char(b.bucket_end, 'YYYY-MM-DD') AS bucket_end,
           coalesce(c.minutes, 0)::int AS minutes, coalesce(c.sheets, 0)::int AS sheets,
           coalesce(c.people, 0)::int AS people
    FROM buckets b
    LEFT JOIN (SELECT bucket_start, sum(minutes) AS minutes, sum(sheets) AS sheets, count(*) AS people
               FROM counted GROUP BY bucket_start) c ON c.bucket_start = b.bucket_start
    UNION ALL
    SELECT NULL, NULL, coalesce(sum(minutes), 0)::int, coalesce(sum(sheets), 0)::int,
           (SELECT count(DISTINCT employee_id) FROM counted)::int
    FROM counted
    ORDER BY 1 NULLS LAST`,
  );
  const view = (r: Row, from: string, to: string): OvertimeFigures => ({
    from,
    to,
    overtimeMinutes: r.minutes,
    timesheets: r.sheets,
    people: r.people,
  });
  const period = rows.find((r) => r.bucket_start === null)!;
  return {
    period: view(period, scope.from, scope.to),
    series: rows.filter((r) => r.bucket_start !== null).map((r) => view(r, r.bucket_start!, r.bucket_end!)),
  };
}

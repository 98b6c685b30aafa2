import { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { type AnalyticsScope, bucketsSql, periodSql, runAnalytics } from './analyticsQuery';

export interface TimeToHireFigures {
  from: string;
  to: string;
  /** Offers accepted inside (by the day they were accepted). */
  hires: number;
  /** Days from the application to the accepted offer: median and mean (one decimal), fewest and most. */
  medianDays: number | null;
  meanDays: number | null;
  minDays: number | null;
  maxDays: number | null;
}

export interface TimeToHireAnalytics {
  period: TimeToHireFigures;
  series: TimeToHireFigures[];
}

interface Row {
  bucket_start: string;
  bucket_end: string;
  hires: number;
  median: number | null;
  mean: number | null;
  min: number | null;
  max: number | null;
}

/**
 * Time to hire: for each ACCEPTED offer, the calendar days from its application's creation to the candidate's
 * acceptance (UTC days), counted in the bucket of the acceptance. Whom it counts is the employee the acceptance
 * made, so the caller's visibility and the department filter apply to them as to every figure.
 */
export async function timeToHireAnalytics(db: PrismaClient, scope: AnalyticsScope): Promise<TimeToHireAnalytics> {
  const query = (withBuckets: boolean) =>
    runAnalytics<Row[]>(
      db,
      Prisma.sql`
    WITH buckets AS (${withBuckets ? bucketsSql(scope) : periodSql(scope)}),
    hired AS (
      SELECT (o.responded_at AT TIME ZONE 'UTC')::date AS accepted_on,
             ((o.responded_at AT TIME ZONE 'UTC')::date - (a.created_at AT TIME ZONE 'UTC')::date) AS days
      FROM offers o
      JOIN applications a ON a.id = o.application_id
      JOIN employees e ON e.id = o.employee_id AND ${scope.people}
      WHERE o.tenant_id = ${scope.tenantId}::uuid AND o.status = 'ACCEPTED' AND o.responded_at IS NOT NULL
    )
    SELECT to_char(b.bucket_start, 'YYYY-MM-DD') AS bucket_start, to_char(b.bucket_end, 'YYYY-MM-DD') AS bucket_end,
           count(h.days)::int AS hires,
           (percentile_cont(0.5) WITHIN GROUP (ORDER BY h.days))::float8 AS median,
           round(avg(h.days), 1)::float8 AS mean, min(h.days)::int AS min, max(h.days)::int AS max
    FROM buckets b LEFT JOIN hired h ON h.accepted_on BETWEEN b.bucket_start AND b.bucket_end
    GROUP BY b.bucket_start, b.bucket_end
    ORDER BY b.bucket_start`,
    );
  const [series, [period]] = await Promise.all([query(true), query(false)]);
  const view = (r: Row): TimeToHireFigures => ({
    from: r.bucket_start,
    to: r.bucket_end,
    hires: r.hires,
    medianDays: r.median,
    meanDays: r.mean,
    minDays: r.min,
    maxDays: r.max,
  });
  return { period: view(period!), series: series.map(view) };
}

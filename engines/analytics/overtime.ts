import { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { type AnalyticsScope, bucketsSql, periodSql, runAnalytics } from './analyticsQuery';

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

/**
 * Approved overtime of the people in scope: the `overtimeMinutes` of their APPROVED timesheets (fixed at sign-off,
 * what Payroll pays), counted in the bucket holding the week's Sunday, as Payroll pays it in that month.
 */
export async function overtimeAnalytics(db: PrismaClient, scope: AnalyticsScope): Promise<OvertimeAnalytics> {
  const sheets = (withBuckets: boolean) =>
    runAnalytics<Array<{ bucket_start: string; bucket_end: string; minutes: number; sheets: number; people: number }>>(
      db,
      Prisma.sql`
    WITH buckets AS (${withBuckets ? bucketsSql(scope) : periodSql(scope)})
    SELECT to_char(b.bucket_start, 'YYYY-MM-DD') AS bucket_start, to_char(b.bucket_end, 'YYYY-MM-DD') AS bucket_end,
           coalesce(sum(t.overtime_minutes), 0)::int AS minutes, count(t.id)::int AS sheets,
           count(DISTINCT t.employee_id)::int AS people
    FROM buckets b
    LEFT JOIN (timesheets t JOIN employees e ON e.id = t.employee_id AND ${scope.people})
      ON t.tenant_id = ${scope.tenantId}::uuid AND t.status = 'APPROVED'
         AND t.end_date BETWEEN b.bucket_start AND b.bucket_end
    GROUP BY b.bucket_start, b.bucket_end
    ORDER BY b.bucket_start`,
    );
  const [series, [period]] = await Promise.all([sheets(true), sheets(false)]);
  const view = (r: { bucket_start: string; bucket_end: string; minutes: number; sheets: number; people: number }) => ({
    from: r.bucket_start,
    to: r.bucket_end,
    overtimeMinutes: r.minutes,
    timesheets: r.sheets,
    people: r.people,
  });
  return { period: view(period!), series: series.map(view) };
}

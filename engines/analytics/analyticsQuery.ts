import { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { analyticsPopulation, requireDepartments } from '../access/analyticsAccess';
import { AppError } from '../appError';
import type { IsoDate } from '../leave/dates';

/** How a series is cut: calendar months or calendar quarters (the first and last are clipped to the period). */
export const analyticsGroupings = ['month', 'quarter'] as const;
export type AnalyticsGrouping = (typeof analyticsGroupings)[number];

/** The longest period one call covers: five years keeps a month series at 60 rows and the SQL bounded. */
export const MAX_PERIOD_YEARS = 5;

/** What every analytics figure is asked for: a period, a grouping and optionally some departments. */
export interface AnalyticsFilter {
  from: IsoDate;
  to: IsoDate;
  groupBy: AnalyticsGrouping;
  departmentIds: readonly string[];
}

/** A checked filter, with whom it counts, as the SQL of every figure takes it. */
export interface AnalyticsScope extends AnalyticsFilter {
  tenantId: string;
  /** The condition on `employees e` that keeps the people in scope (visibility and departments). */
  people: Prisma.Sql;
}

/** The day before the same day `years` later (2024-02-29 + 5 years: 2029-02-28, the end of the longest period). */
function lastDayWithin(from: IsoDate, years: number): IsoDate {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const end = new Date(Date.UTC(y + years, m - 1, d));
  end.setUTCDate(end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
}

/**
 * Checks a filter (400 naming `to` for a period backwards or longer than five years, `departmentIds` for a
 * department not of the workspace) and resolves whom `actor` may count (403 for a role that sees only itself).
 */
export async function analyticsScope(db: PrismaClient, actor: Actor, filter: AnalyticsFilter): Promise<AnalyticsScope> {
  if (filter.to < filter.from) throw new AppError('validation_error', 'to: must be on or after from');
  const last = lastDayWithin(filter.from, MAX_PERIOD_YEARS);
  if (filter.to > last) {
    throw new AppError(
      'validation_error',
      `to: a period covers at most ${MAX_PERIOD_YEARS} years (from ${filter.from}: ${last} at the latest)`,
    );
  }
  const population = await analyticsPopulation(db, actor);
  await requireDepartments(db, actor, filter.departmentIds);
  const visible =
    population.employeeIds === null ? Prisma.sql`TRUE` : Prisma.sql`e.id = ANY(${population.employeeIds}::uuid[])`;
  const departments =
    filter.departmentIds.length === 0
      ? Prisma.sql`TRUE`
      : Prisma.sql`e.department_id = ANY(${[...filter.departmentIds]}::uuid[])`;
  return {
    ...filter,
    tenantId: population.tenantId,
    people: Prisma.sql`e.tenant_id = ${population.tenantId}::uuid AND ${visible} AND ${departments}`,
  };
}

/**
 * The buckets of a series as SQL rows (bucket_start, bucket_end): calendar months or quarters from the one holding
 * `from`, clipped to the period. Used as a CTE by every series.
 */
export function bucketsSql(scope: AnalyticsScope): Prisma.Sql {
  const months = scope.groupBy === 'quarter' ? 3 : 1;
  return Prisma.sql`
    SELECT GREATEST(gs::date, ${scope.from}::date) AS bucket_start,
           LEAST((gs + make_interval(months => ${months}::int) - interval '1 day')::date, ${scope.to}::date) AS bucket_end
    FROM generate_series(date_trunc(${scope.groupBy}::text, ${scope.from}::date), ${scope.to}::date,
                         make_interval(months => ${months}::int)) AS gs`;
}

/** A ratio rounded to four decimals (0.0833 is 8.33 %), or null when there is nothing to divide by. */
export function ratio(numerator: number, denominator: number): number | null {
  return denominator > 0 ? Math.round((numerator / denominator) * 10_000) / 10_000 : null;
}

/** The whole period as the one bucket, for figures that do not add up across buckets (distinct people, medians). */
export function periodSql(scope: AnalyticsScope): Prisma.Sql {
  return Prisma.sql`SELECT ${scope.from}::date AS bucket_start, ${scope.to}::date AS bucket_end`;
}

/** The memory one sort or hash of an analytics statement may take before it spills to disk. */
export const ANALYTICS_WORK_MEM = '64MB';

/**
 * Runs one analytics statement with PostgreSQL's JIT off and a larger work_mem, in a transaction of its own (the
 * settings are local to it). The planner cannot know how many rows generate_series and the CTEs make (it guesses
 * 1000 per series), so the costs of these statements look large enough to compile them; compiling took seconds on
 * a loaded two-core machine where running them takes tens of milliseconds (bench/analytics.ts). The figures that
 * sum per person and bucket first (overtime: about 110 000 groups for 10 000 people by month) hash about 20 MB,
 * which the default 4 MB spilled to disk in batches.
 */
export async function runAnalytics<T>(db: PrismaClient, statement: Prisma.Sql): Promise<T> {
  const [, rows] = await db.$transaction([
    db.$queryRaw`SELECT set_config('jit', 'off', true), set_config('work_mem', ${ANALYTICS_WORK_MEM}, true)`,
    db.$queryRaw<T>(statement),
  ]);
  return rows;
}

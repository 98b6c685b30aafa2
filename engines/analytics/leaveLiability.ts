import { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { runAnalytics, type AnalyticsScope } from './analyticsQuery';

/** Working days a year's salary pays for, to price a day of leave: 52 weeks of 5 days. */
export const WORKING_DAYS_PER_YEAR = 260;

export interface LeaveLiability {
  /** The balance year: the year of the period's last day. */
  year: number;
  asOf: string;
  /** People in scope employed on `asOf` with an annual leave balance that year. */
  employees: number;
  /** Sum of (allocated - used) over the annual policies: days not taken (pending requests are not taken yet). */
  untakenDays: number;
  /**
   * The untaken days priced at each person's salary on `asOf` / 260, per salary currency, rounded to the minor
   * unit; null when the caller may not see pay. People without a salary are counted in `unpricedEmployees`.
   */
  money: { totals: Array<{ amountMinor: number; currency: string }>; unpricedEmployees: number } | null;
}

/**
 * Leave liability on the period's last day: untaken annual leave of the people in scope employed that day, from
 * leave_balances (kept in step with the ledger, as the untaken-leave report reads it), and in money when the
 * caller may see pay. One statement per figure.
 */
export async function leaveLiabilityAnalytics(
  db: PrismaClient,
  scope: AnalyticsScope,
  opts: { withMoney: boolean },
): Promise<LeaveLiability> {
  const year = Number(scope.to.slice(0, 4));
  const rows = await runAnalytics<
    Array<{ currency: string | null; employees: number; days: number; amount: number | null }>
  >(
    db,
    Prisma.sql`
    WITH untaken AS (
      SELECT e.id, sum(b.allocated - b.used)::float8 AS days
      FROM leave_balances b
      JOIN leave_policies p ON p.id = b.policy_id AND p.kind = 'annual'
      JOIN employees e ON e.id = b.employee_id AND ${scope.people}
      WHERE b.tenant_id = ${scope.tenantId}::uuid AND b.year = ${year}::int AND e.hire_date <= ${scope.to}::date
        AND (e.termination_date IS NULL OR e.termination_date >= ${scope.to}::date)
      GROUP BY e.id
    ),
    priced AS (
      SELECT u.days, s.currency, s.annual_minor
      FROM untaken u
      LEFT JOIN LATERAL (
        SELECT currency, annual_minor FROM salaries
        WHERE employee_id = u.id AND effective_date <= ${scope.to}::date
        ORDER BY effective_date DESC LIMIT 1
      ) s ON ${opts.withMoney}
    )
    SELECT currency, count(*)::int AS employees, sum(days)::float8 AS days,
           round(sum(days * annual_minor / ${WORKING_DAYS_PER_YEAR}::numeric))::float8 AS amount
    FROM priced GROUP BY currency ORDER BY currency NULLS LAST`,
  );
  const employees = rows.reduce((n, r) => n + r.employees, 0);
  const untakenDays = rows.reduce((n, r) => n + r.days, 0);
  return {
    year,
    asOf: scope.to,
    employees,
    untakenDays,
    money: opts.withMoney
      ? {
          totals: rows
            .filter((r) => r.currency !== null)
            .map((r) => ({ amountMinor: r.amount ?? 0, currency: r.currency! })),
          unpricedEmployees: rows.find((r) => r.currency === null)?.employees ?? 0,
        }
      : null,
  };
}

import { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { AppError } from '../appError';
import type { Clock } from '../clock';
import { yearOf } from './dates';
import { tenantToday } from './tenantCalendar';
import { visibleCondition, visibleEmployees } from './visibleEmployees';

export interface UntakenReportQuery {
  /** Balance year; default the current year in the tenant's time zone. */
  year?: number | undefined;
  /** Only employees with at least this many untaken days. */
  minUntakenDays?: number | undefined;
  /** A policy name (or kind, as in requests); default every policy of kind `annual`. */
  policy?: string | undefined;
}

export interface UntakenReportRow {
  employee: string;
  /** "" when the employee has no department (the contract types it as a string). */
  department: string;
  /** "" when the employee has no manager. */
  manager: string;
  allocatedDays: number;
  usedDays: number;
  /** allocated - used: days not taken (pending requests are not taken yet). */
  untakenDays: number;
}

export interface UntakenReport {
  year: number;
  employees: UntakenReportRow[];
  totals: { employees: number; untakenDays: number };
}

/** The ids of the policies the report covers; `validation_error` naming `policy` when none matches. */
async function reportPolicyIds(prisma: PrismaClient, tenantId: string, policy: string | undefined): Promise<string[]> {
  const policies = await prisma.leavePolicy.findMany({
    where: { tenantId },
    select: { id: true, name: true, kind: true },
  });
  if (policy === undefined) return policies.filter((p) => p.kind === 'annual').map((p) => p.id);
  const wanted = policy.trim().toLowerCase();
  const byName = policies.filter((p) => p.name.toLowerCase() === wanted);
  const matched = byName.length > 0 ? byName : policies.filter((p) => p.kind === wanted);
  if (matched.length === 0) {
    throw new AppError(
      'validation_error',
      `policy: no leave policy named "${policy}"; policies: ${policies.map((p) => p.name).join(', ')}`,
    );
  }
  return matched.map((p) => p.id);
}

/**
 * Per-employee untaken leave of a year: allocated, used and untaken days summed over the chosen policies, for the
 * employees `actor` may see (HR and admins: the workspace; directors: their department; managers: their team;
 * others: themselves), most untaken first. One SQL statement over leave_balances (kept in step with the ledger),
 * joined to employees, departments and managers; a whole workspace is a tenant condition, not a list of ids.
 */
export async function untakenReport(
  prisma: PrismaClient,
  actor: Actor,
  query: UntakenReportQuery,
  clock: Clock,
): Promise<UntakenReport> {
  const tenantId = actor.tenant.id;
  const year = query.year ?? yearOf((await tenantToday(prisma, tenantId, clock)).today);
  const policyIds = await reportPolicyIds(prisma, tenantId, query.policy);
  const visible = await visibleEmployees(prisma, actor);
  const atLeast =
    query.minUntakenDays === undefined
      ? Prisma.empty
      : Prisma.sql`HAVING sum(b.allocated - b.used) >= ${query.minUntakenDays}::float8`;
  const rows = await prisma.$queryRaw<UntakenReportRow[]>`
    SELECT e.name AS "employee", coalesce(d.name, '') AS "department", coalesce(m.name, '') AS "manager",
           sum(b.allocated)::float8 AS "allocatedDays", sum(b.used)::float8 AS "usedDays",
           sum(b.allocated - b.used)::float8 AS "untakenDays"
    FROM leave_balances b
    JOIN employees e ON e.id = b.employee_id AND e.tenant_id = b.tenant_id
    LEFT JOIN departments d ON d.id = e.department_id
    LEFT JOIN employees m ON m.id = e.manager_id
    WHERE b.tenant_id = ${tenantId}::uuid AND b.year = ${year}::int AND b.policy_id = ANY(${policyIds}::uuid[])
      AND ${visibleCondition(Prisma.sql`b.employee_id`, visible)}
    GROUP BY e.id, e.name, d.name, m.name
    ${atLeast}
    ORDER BY "untakenDays" DESC, e.name ASC, e.id ASC`;
  return {
    year,
    employees: rows,
    totals: { employees: rows.length, untakenDays: rows.reduce((sum, r) => sum + r.untakenDays, 0) },
  };
}

import { Prisma, type LeaveStatus } from '../../db/models';
import type { IsoDate } from './dates';
import type { RoutedTo } from './routing';
import type { Db } from '../../db/handle';

/** A leave request with its employee's and policy's names, as lists and answers show it. */
export interface LeaveRequestView {
  id: string;
  employeeId: string;
  /** The contract's integer employee_id. */
  employeeNumber: number;
  employeeName: string;
  policyId: string;
  policyName: string;
  startDate: IsoDate;
  endDate: IsoDate;
  totalDays: number;
  halfDay: boolean;
  status: LeaveStatus;
  reason: string | null;
  routedTo: RoutedTo;
  approverEmployeeId: string | null;
  decidedAt: Date | null;
  decisionComment: string | null;
  /** null: no workflow started yet (see approvalPort.ts). */
  workflowId: string | null;
  createdAt: Date;
}

/**
 * Reads request views with one statement, joining employees and policies (the leave tables carry no Prisma
 * relations). `where` is a SQL condition on `r` (leave_requests), `e` (employees) and `p` (leave_policies);
 * the order is newest first.
 */
export async function selectRequestViews(db: Db, where: Prisma.Sql, limit?: number): Promise<LeaveRequestView[]> {
  const limitSql = limit === undefined ? Prisma.empty : Prisma.sql`LIMIT ${limit}`;
  return db.$queryRaw<LeaveRequestView[]>`
    SELECT r.id::text AS "id", e.id::text AS "employeeId", e.employee_number AS "employeeNumber",
           e.name AS "employeeName", p.id::text AS "policyId", p.name AS "policyName",
           to_char(r.start_date, 'YYYY-MM-DD') AS "startDate", to_char(r.end_date, 'YYYY-MM-DD') AS "endDate",
           r.total_days AS "totalDays", r.half_day AS "halfDay", r.status::text AS "status", r.reason AS "reason",
           r.routed_to AS "routedTo", r.approver_employee_id::text AS "approverEmployeeId",
           r.decided_at AS "decidedAt", r.decision_comment AS "decisionComment", r.workflow_id AS "workflowId",
           r.created_at AS "createdAt"
    FROM leave_requests r
    JOIN employees e ON e.id = r.employee_id AND e.tenant_id = r.tenant_id
    JOIN leave_policies p ON p.id = r.policy_id AND p.tenant_id = r.tenant_id
    WHERE ${where}
    ORDER BY r.created_at DESC, r.id DESC
    ${limitSql}`;
}

/** One request of a tenant as a view, or null. */
export async function findRequestView(db: Db, tenantId: string, requestId: string): Promise<LeaveRequestView | null> {
  const rows = await selectRequestViews(
    db,
    Prisma.sql`r.tenant_id = ${tenantId}::uuid AND r.id = ${requestId}::uuid`,
    1,
  );
  return rows[0] ?? null;
}

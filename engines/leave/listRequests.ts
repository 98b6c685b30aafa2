import { Prisma, type LeaveStatus } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { AppError } from '../appError';
import type { IsoDate } from './dates';
import { selectRequestViews, type LeaveRequestView } from './requestViews';
import { isHrRole } from '../access/roles';
import { visibleCondition, visibleEmployees } from './visibleEmployees';

export interface LeaveRequestFilter {
  status?: LeaveStatus | undefined;
  /** Only requests ending on or after this date. */
  from?: IsoDate | undefined;
  /** Only requests starting on or before this date. */
  to?: IsoDate | undefined;
  /** Only this employee's (one the actor may see). */
  employeeId?: string | undefined;
  limit: number;
}

/**
 * The leave requests of the employees `actor` may see (self, team, department or workspace by role), newest
 * first (by creation), at most `limit`. `from`/`to` keep the requests that overlap that window.
 */
export async function listRequests(
  prisma: PrismaClient,
  actor: Actor,
  filter: LeaveRequestFilter,
): Promise<LeaveRequestView[]> {
  if (filter.from !== undefined && filter.to !== undefined && filter.to < filter.from) {
    throw new AppError('validation_error', 'to: must not be before from');
  }
  const visible = await visibleEmployees(prisma, actor);
  const conditions = [
    Prisma.sql`r.tenant_id = ${actor.tenant.id}::uuid`,
    visibleCondition(Prisma.sql`r.employee_id`, visible),
  ];
  if (filter.status !== undefined) conditions.push(Prisma.sql`r.status::text = ${filter.status}`);
  if (filter.from !== undefined) conditions.push(Prisma.sql`r.end_date >= ${filter.from}::date`);
  if (filter.to !== undefined) conditions.push(Prisma.sql`r.start_date <= ${filter.to}::date`);
  if (filter.employeeId !== undefined) conditions.push(Prisma.sql`r.employee_id = ${filter.employeeId}::uuid`);
  return selectRequestViews(prisma, Prisma.join(conditions, ' AND '), filter.limit);
}

/**
 * The PENDING requests `actor` must decide, newest first like the list: those whose approval's current step waits
 * for them (engines/approvalFlows); for requests made before approval flows, those routed to them as manager and,
 * for HR roles, those routed to HR. Never their own.
 */
export async function listApprovals(prisma: PrismaClient, actor: Actor, limit: number): Promise<LeaveRequestView[]> {
  const self = actor.employee;
  // Whatever step of its approval flow waits for the actor (a manager, a named person, a delegate, HR); requests
  // made before approval flows by their routing alone.
  const routes: Prisma.Sql[] = [
    Prisma.sql`EXISTS (SELECT 1 FROM approval_instances i JOIN approval_assignments a ON a.instance_id = i.id
      WHERE i.request_type = 'leave' AND i.subject_id = r.id AND a.assignee_user_id = ${actor.user.id}::uuid
        AND a.status = 'PENDING')`,
  ];
  const legacy = Prisma.sql`NOT EXISTS (SELECT 1 FROM approval_instances i WHERE i.request_type = 'leave' AND i.subject_id = r.id)`;
  if (self) {
    routes.push(Prisma.sql`(${legacy} AND r.routed_to = 'MANAGER' AND r.approver_employee_id = ${self.id}::uuid)`);
  }
  if (isHrRole(actor.user.role)) routes.push(Prisma.sql`(${legacy} AND r.routed_to = 'HR')`);
  const where = Prisma.sql`r.tenant_id = ${actor.tenant.id}::uuid AND r.status = 'PENDING'
    AND (${Prisma.join(routes, ' OR ')})
    ${self ? Prisma.sql`AND r.employee_id <> ${self.id}::uuid` : Prisma.empty}`;
  return selectRequestViews(prisma, where, limit);
}

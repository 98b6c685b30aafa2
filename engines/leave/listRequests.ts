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
 * The PENDING requests `actor` must decide, newest first like the list:
 * those routed to them as manager, and, for HR roles, those routed to HR. Never their own.
 */
export async function listApprovals(prisma: PrismaClient, actor: Actor, limit: number): Promise<LeaveRequestView[]> {
  const self = actor.employee;
  const routes: Prisma.Sql[] = [];
  if (self) routes.push(Prisma.sql`(r.routed_to = 'MANAGER' AND r.approver_employee_id = ${self.id}::uuid)`);
  if (isHrRole(actor.user.role)) routes.push(Prisma.sql`r.routed_to = 'HR'`);
  if (routes.length === 0) return [];
  const where = Prisma.sql`r.tenant_id = ${actor.tenant.id}::uuid AND r.status = 'PENDING'
    AND (${Prisma.join(routes, ' OR ')})
    ${self ? Prisma.sql`AND r.employee_id <> ${self.id}::uuid` : Prisma.empty}`;
  return selectRequestViews(prisma, where, limit);
}

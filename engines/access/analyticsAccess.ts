import type { PrismaClient } from '../../db/prismaClient';
import { AppError } from '../appError';
import type { Actor } from './actor';
import { managersSeeTeamCompensation } from './compensationAccess';
import { isHrRole, visibilityOf } from './roles';
import { visibleEmployeesFilter } from './visibility';

/**
 * Whose figures Analytics counts (company-api.md, Analytics): the people the caller's live role shows them and
 * nobody else. HR_MANAGER, ADMIN and OWNER count the workspace; a director their department and reports; a manager
 * their team (themself and their direct and indirect reports). An EMPLOYEE sees only themself, and a "headcount" or
 * "turnover" of one person would only restate their own record, so the role is refused (403). A company key acts
 * as the user who made it (an HR role).
 */
export interface AnalyticsPopulation {
  tenantId: string;
  /** The employees counted; null: every employee of the workspace (no list to pass to SQL). */
  employeeIds: string[] | null;
}

/** The people `actor` may count in analytics, or 403 for a role that sees only itself. */
export async function analyticsPopulation(db: PrismaClient, actor: Actor): Promise<AnalyticsPopulation> {
  const visibility = visibilityOf(actor.user.role);
  if (visibility === 'self') {
    throw new AppError('forbidden', 'Analytics needs the view of a team at least: a MANAGER, DIRECTOR or HR role');
  }
  if (visibility === 'workspace') return { tenantId: actor.tenant.id, employeeIds: null };
  const people = await db.employee.findMany({ where: await visibleEmployeesFilter(db, actor), select: { id: true } });
  return { tenantId: actor.tenant.id, employeeIds: people.map((p) => p.id) };
}

/**
 * The departments a filter names, checked against the workspace: an id that is not one of its departments is a
 * 400 naming `departmentIds` (department names are no secret to anyone with a role that reads analytics, and a
 * filter that silently matches nothing would read as "zero people").
 */
export async function requireDepartments(db: PrismaClient, actor: Actor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db.department.findMany({
    where: { tenantId: actor.tenant.id, id: { in: [...ids] } },
    select: { id: true },
  });
  const known = new Set(found.map((d) => d.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new AppError('validation_error', `departmentIds: no department ${unknown.join(', ')} in this workspace`);
  }
}

/**
 * May `actor` see money figures built from salaries (leave liability in money)? The sensitive-field rule of
 * compensationAccess.ts applied to everyone counted: HR always; a manager or director (who count only people they
 * see) where the workspace lets managers see their team's compensation; nobody else.
 */
export async function mayCountPay(db: PrismaClient, actor: Actor): Promise<boolean> {
  if (isHrRole(actor.user.role)) return true;
  if (actor.user.role !== 'MANAGER' && actor.user.role !== 'DIRECTOR') return false;
  return managersSeeTeamCompensation(db, actor.tenant.id);
}

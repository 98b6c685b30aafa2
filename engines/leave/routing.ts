import type { LeaveRequest, LeaveStatus } from '../../db/models';
import type { Actor } from '../access/actor';
import { hrRoles, isHrRole } from '../access/roles';
import type { PolicyRules } from './policies';
import type { Db } from '../../db/handle';

/**
 * Approval routing: who decides a request. To the employee's manager when they have one who can sign in; to HR
 * when there is no such manager (the top of the hierarchy, or a manager without a user); decided at once when
 * the policy needs no approval (sick leave is recorded, not asked for).
 */

/** FLOW: someone else the tenant's approval flow names (a department head, a person, a group, a delegate). */
export type RoutedTo = 'MANAGER' | 'HR' | 'AUTO' | 'FLOW';

export interface Routing {
  status: Extract<LeaveStatus, 'PENDING' | 'APPROVED'>;
  routedTo: RoutedTo;
  /** The manager's employee id when routed to them; null otherwise. */
  approverEmployeeId: string | null;
}

/** Routes a new request of an employee whose manager is `manager` (null: none). */
export function routeRequest(
  policy: Pick<PolicyRules, 'requiresApproval'>,
  manager: { id: string; userId: string | null } | null,
): Routing {
  if (!policy.requiresApproval) return { status: 'APPROVED', routedTo: 'AUTO', approverEmployeeId: null };
  if (manager?.userId) return { status: 'PENDING', routedTo: 'MANAGER', approverEmployeeId: manager.id };
  return { status: 'PENDING', routedTo: 'HR', approverEmployeeId: null };
}

/**
 * May `actor` decide `request`? The routed manager, or anyone in an HR role of the tenant; never the employee
 * the request is for (an owner's or HR manager's own leave is decided by someone else).
 */
export function mayDecide(
  actor: Actor,
  request: Pick<LeaveRequest, 'tenantId' | 'employeeId' | 'routedTo' | 'approverEmployeeId'>,
): boolean {
  if (request.tenantId !== actor.tenant.id) return false;
  if (actor.employee && actor.employee.id === request.employeeId) return false;
  if (isHrRole(actor.user.role)) return true;
  return request.routedTo === 'MANAGER' && actor.employee !== null && actor.employee.id === request.approverEmployeeId;
}

/** The users of the tenant in an HR role, except `exceptUserId` (the requester, who never decides their own). */
export async function hrUserIds(db: Db, tenantId: string, exceptUserId?: string): Promise<string[]> {
  const users = await db.user.findMany({
    where: { tenantId, role: { in: [...hrRoles] }, ...(exceptUserId ? { id: { not: exceptUserId } } : {}) },
    select: { id: true },
    orderBy: { id: 'asc' },
  });
  return users.map((u) => u.id);
}

/**
 * The users who must act on a request now: the routed manager's user, or every HR user when routed to HR. For an
 * auto-approved request, the employee's manager (to know who is away), if any.
 */
export async function approverUserIds(
  db: Db,
  request: Pick<LeaveRequest, 'tenantId' | 'employeeId' | 'routedTo' | 'approverEmployeeId'>,
): Promise<string[]> {
  const employee = await db.employee.findUnique({
    where: { id: request.employeeId },
    select: { userId: true, manager: { select: { userId: true } } },
  });
  if (request.routedTo === 'HR') return hrUserIds(db, request.tenantId, employee?.userId ?? undefined);
  if (request.routedTo === 'MANAGER' && request.approverEmployeeId) {
    const approver = await db.employee.findUnique({
      where: { id: request.approverEmployeeId },
      select: { userId: true },
    });
    return approver?.userId ? [approver.userId] : [];
  }
  return employee?.manager?.userId ? [employee.manager.userId] : [];
}

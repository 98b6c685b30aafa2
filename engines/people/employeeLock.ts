import type { Prisma } from '../../db/models';
import { AppError } from '../appError';

export interface LockedEmployee {
  id: string;
  userId: string | null;
  name: string;
  managerId: string | null;
  /** The user of the employee's manager (null without a manager, or when the manager has no user). */
  managerUserId: string | null;
  departmentId: string | null;
}

/**
 * Locks an employee's row for the rest of the transaction and reads it. Every write of an employee's requests
 * (leave, work from anywhere: create, decide, cancel) takes this lock first, so their requests and balances change
 * one transaction at a time: two requests sent at once cannot both pass the overlap and balance checks. The
 * manager's user comes with it (the routing of a new request needs it), read in the same statement, not locked.
 */
export async function lockEmployee(
  tx: Prisma.TransactionClient,
  tenantId: string,
  employeeId: string,
): Promise<LockedEmployee> {
  const rows = await tx.$queryRaw<LockedEmployee[]>`
    SELECT e.id::text AS "id", e.user_id::text AS "userId", e.name AS "name", e.manager_id::text AS "managerId",
           (SELECT m.user_id::text FROM employees m WHERE m.id = e.manager_id) AS "managerUserId",
           e.department_id::text AS "departmentId"
    FROM employees e WHERE e.id = ${employeeId}::uuid AND e.tenant_id = ${tenantId}::uuid
    FOR UPDATE`;
  const row = rows[0];
  if (!row) throw new AppError('not_found', 'The employee no longer exists');
  return row;
}

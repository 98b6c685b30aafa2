import type { Prisma } from '../../db/models';
import { AppError } from '../appError';

export interface LockedEmployee {
  id: string;
  userId: string | null;
  name: string;
  managerId: string | null;
  departmentId: string | null;
}

/**
 * Locks an employee's row for the rest of the transaction and reads it. Every write of an employee's requests
 * (leave, work from anywhere: create, decide, cancel) takes this lock first, so their requests and balances change
 * one transaction at a time: two requests sent at once cannot both pass the overlap and balance checks.
 */
export async function lockEmployee(
  tx: Prisma.TransactionClient,
  tenantId: string,
  employeeId: string,
): Promise<LockedEmployee> {
  const rows = await tx.$queryRaw<LockedEmployee[]>`
    SELECT id::text AS "id", user_id::text AS "userId", name AS "name", manager_id::text AS "managerId",
           department_id::text AS "departmentId"
    FROM employees WHERE id = ${employeeId}::uuid AND tenant_id = ${tenantId}::uuid
    FOR UPDATE`;
  const row = rows[0];
  if (!row) throw new AppError('not_found', 'The employee no longer exists');
  return row;
}

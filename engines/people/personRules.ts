import type { Prisma } from '../../db/models';
import { AppError } from '../appError';
import { requireEmployee } from '../organization/references';

type Tx = Prisma.TransactionClient;

/** The next employee number of the workspace (numbers start at 1 and are never reused). Under lockOrganisation. */
export async function nextEmployeeNumber(tx: Tx, tenantId: string): Promise<number> {
  const { _max } = await tx.employee.aggregate({ where: { tenantId }, _max: { employeeNumber: true } });
  return (_max.employeeNumber ?? 0) + 1;
}

/**
 * 400 naming `managerId` unless the manager is a current employee of the workspace and the change makes no cycle:
 * nobody manages themself, directly or through their reports. Under lockOrganisation.
 */
export async function checkManager(
  tx: Tx,
  tenantId: string,
  managerId: string,
  personId: string | null,
): Promise<void> {
  await requireEmployee(tx, tenantId, managerId, 'managerId');
  if (personId === null) return;
  if (managerId === personId) throw new AppError('validation_error', 'managerId: a person cannot manage themself');
  // Walks up from the new manager: reaching the person means the person would manage their own manager.
  const rows = await tx.$queryRaw<Array<{ found: boolean }>>`
    WITH RECURSIVE chain(id, depth) AS (
      SELECT manager_id, 1 FROM employees WHERE id = ${managerId}::uuid AND tenant_id = ${tenantId}::uuid
      UNION ALL
      SELECT e.manager_id, c.depth + 1 FROM employees e JOIN chain c ON e.id = c.id
      WHERE c.id IS NOT NULL AND c.depth < 10000
    )
    SELECT EXISTS (SELECT 1 FROM chain WHERE id = ${personId}::uuid) AS found`;
  if (rows[0]?.found) {
    throw new AppError(
      'validation_error',
      'managerId: that person reports to this one, directly or through others; the change would make a cycle',
    );
  }
}

/** 409 when another employee of the workspace has this e-mail address. */
export async function checkEmailFree(tx: Tx, tenantId: string, email: string, personId: string | null): Promise<void> {
  const taken = await tx.employee.findFirst({
    where: { tenantId, email, ...(personId ? { id: { not: personId } } : {}) },
    select: { employeeNumber: true },
  });
  if (taken) {
    throw new AppError('conflict', `email: employee ${taken.employeeNumber} already has the address ${email}`);
  }
}

import type { PrismaClient } from '../../db/prismaClient';
import type { Prisma } from '../../db/models';
import type { Actor } from './actor';
import { visibilityOf } from './roles';

/**
 * The one visibility rule of svc-hr, shared by REST, MCP, reports and the agent: self-service users see
 * themselves, managers their direct and indirect reports, directors their department (and their reports,
 * wherever those sit), HR and admins the whole workspace. Always within the actor's tenant.
 */

/** Ids of the employees who report to `managerId`, directly or through others. */
export async function reportIds(prisma: PrismaClient, tenantId: string, managerId: string): Promise<string[]> {
  const rows = await prisma.$queryRaw<Array<{ id: string }>>`
    WITH RECURSIVE team AS (
      SELECT id FROM employees WHERE tenant_id = ${tenantId}::uuid AND manager_id = ${managerId}::uuid
      UNION
      SELECT e.id FROM employees e JOIN team t ON e.manager_id = t.id WHERE e.tenant_id = ${tenantId}::uuid
    )
    SELECT id::text AS id FROM team`;
  return rows.map((r) => r.id);
}

/** The Prisma filter of the employees `actor` may see: use it in every list of people or their records. */
export async function visibleEmployeesFilter(prisma: PrismaClient, actor: Actor): Promise<Prisma.EmployeeWhereInput> {
  const tenantId = actor.tenant.id;
  const self = actor.employee;
  switch (visibilityOf(actor.user.role)) {
    case 'workspace':
      return { tenantId };
    case 'department': {
      if (!self) return { tenantId, id: { in: [] } };
      const reports = await reportIds(prisma, tenantId, self.id);
      const sameDepartment: Prisma.EmployeeWhereInput[] = self.departmentId
        ? [{ departmentId: self.departmentId }]
        : [];
      return { tenantId, OR: [{ id: self.id }, { id: { in: reports } }, ...sameDepartment] };
    }
    case 'team': {
      if (!self) return { tenantId, id: { in: [] } };
      return { tenantId, id: { in: [self.id, ...(await reportIds(prisma, tenantId, self.id))] } };
    }
    case 'self':
      return { tenantId, id: { in: self ? [self.id] : [] } };
  }
}

/** May `actor` see the employee `employeeId`? The same rule as the list filter, for one record. */
export async function canSeeEmployee(prisma: PrismaClient, actor: Actor, employeeId: string): Promise<boolean> {
  const filter = await visibleEmployeesFilter(prisma, actor);
  return (await prisma.employee.count({ where: { AND: [filter, { id: employeeId }] } })) > 0;
}

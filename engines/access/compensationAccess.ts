import type { Db } from '../../db/handle';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from './actor';
import { isHrRole } from './roles';
import { canSeeEmployee } from './visibility';

/**
 * Who reads a person's pay (company-api.md, "Sensitive fields"): HR_MANAGER, ADMIN, OWNER and the person themself;
 * managers and directors too for the people they see, only where the tenant's compensation settings allow it.
 * Seeing the person at all is the caller's check (404 otherwise); this decides whether the amounts show.
 */
export async function maySeeCompensation(prisma: PrismaClient, actor: Actor, employeeId: string): Promise<boolean> {
  if (isHrRole(actor.user.role) || actor.employee?.id === employeeId) return true;
  if (actor.user.role !== 'MANAGER' && actor.user.role !== 'DIRECTOR') return false;
  if (!(await managersSeeTeamCompensation(prisma, actor.tenant.id))) return false;
  return canSeeEmployee(prisma, actor, employeeId);
}

/** The tenant's setting (compensation settings; off when none). */
export async function managersSeeTeamCompensation(db: Db, tenantId: string): Promise<boolean> {
  const settings = await db.compensationSettings.findUnique({
    where: { tenantId },
    select: { managersSeeTeamCompensation: true },
  });
  return settings?.managersSeeTeamCompensation ?? false;
}

/**
 * Who reads a payslip: the person and HR_MANAGER, ADMIN, OWNER. Never a manager: a payslip says more than the
 * salary (deductions, reimbursements), and no tenant setting opens it.
 */
export function maySeePayslip(actor: Actor, employeeId: string): boolean {
  return isHrRole(actor.user.role) || actor.employee?.id === employeeId;
}

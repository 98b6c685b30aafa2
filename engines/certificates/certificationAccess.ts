import type { Certification, Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { isHrRole } from '../access/roles';
import { reportIds } from '../access/visibility';
import { AppError } from '../appError';

/**
 * Who sees a person's certifications and licences (company-api.md, Certificates): the person, their managers up
 * the line, and HR_MANAGER, ADMIN, OWNER. Narrower than the role's visibility: a director does not read the
 * licences of their department's people unless they are in their line.
 */
export async function certificationHoldersFilter(db: PrismaClient, actor: Actor): Promise<Prisma.EmployeeWhereInput> {
  const tenantId = actor.tenant.id;
  if (isHrRole(actor.user.role)) return { tenantId };
  const self = actor.employee;
  if (!self) return { tenantId, id: { in: [] } };
  const line = await reportIds(db, tenantId, self.id);
  return { tenantId, id: { in: [self.id, ...line] } };
}

/** May `actor` see the certifications of `employeeId` (the same rule as the list)? */
export async function maySeeCertificationsOf(db: PrismaClient, actor: Actor, employeeId: string): Promise<boolean> {
  const filter = await certificationHoldersFilter(db, actor);
  return (await db.employee.count({ where: { AND: [filter, { id: employeeId }] } })) > 0;
}

/** The certifications `actor` may see: of the holders above. */
export async function visibleCertificationsFilter(
  db: PrismaClient,
  actor: Actor,
): Promise<Prisma.CertificationWhereInput> {
  if (isHrRole(actor.user.role)) return { tenantId: actor.tenant.id };
  const holders = await db.employee.findMany({
    where: await certificationHoldersFilter(db, actor),
    select: { id: true },
  });
  return { tenantId: actor.tenant.id, employeeId: { in: holders.map((h) => h.id) } };
}

/** A certification `actor` may see; 404 otherwise, whether it exists or not. */
export async function findVisibleCertification(db: PrismaClient, actor: Actor, id: string): Promise<Certification> {
  const row = await db.certification.findFirst({
    where: { AND: [{ id }, await visibleCertificationsFilter(db, actor)] },
  });
  if (!row) throw new AppError('not_found', `No certification ${id}`);
  return row;
}

/**
 * Records and changes a person's certifications: HR for anyone, a person for themself. A manager reads their
 * line's but does not write them (403, after the 404 of what they cannot see).
 */
export function requireCertificationWriter(actor: Actor, employeeId: string): void {
  if (isHrRole(actor.user.role) || actor.employee?.id === employeeId) return;
  throw new AppError(
    'forbidden',
    'Only the person themself, or an HR_MANAGER, ADMIN or OWNER, records their certifications and asks for their certificates',
  );
}

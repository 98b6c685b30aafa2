import type { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { AppError } from '../appError';
import type { Actor } from './actor';
import { isHrRole, visibilityOf } from './roles';
import { canSeeEmployee, visibleEmployeesFilter } from './visibility';

/**
 * Who does what in Inventory (company-api.md, Inventory). HR_MANAGER, ADMIN and OWNER keep the inventory: they
 * see every item and assignment and make every change. Everyone else reads by the role's visibility of people
 * (self, team, department): the assignments of the people they see, and the items those people hold now. Nobody
 * else writes (403); what they may not see answers 404.
 */

/** 403 unless the caller's live role keeps the inventory. `what` finishes "Only ... may ...". */
export function requireInventoryManager(actor: Actor, what: string): void {
  if (!isHrRole(actor.user.role)) throw new AppError('forbidden', `Only an HR_MANAGER, ADMIN or OWNER may ${what}`);
}

/** The ids of the people whose equipment `actor` may read; undefined: everyone of the workspace. */
async function visiblePeople(db: PrismaClient, actor: Actor): Promise<string[] | undefined> {
  if (visibilityOf(actor.user.role) === 'workspace') return undefined;
  const people = await db.employee.findMany({
    where: await visibleEmployeesFilter(db, actor),
    select: { id: true },
  });
  return people.map((p) => p.id);
}

/** The assignments (open and returned) `actor` may read: those of the people they see. */
export async function visibleAssignmentsFilter(
  db: PrismaClient,
  actor: Actor,
): Promise<Prisma.InventoryAssignmentWhereInput> {
  const people = await visiblePeople(db, actor);
  return people === undefined
    ? { tenantId: actor.tenant.id }
    : { tenantId: actor.tenant.id, employeeId: { in: people } };
}

/** The items `actor` may read: all for HR; for anyone else those a person they see holds now. */
export async function visibleItemsFilter(db: PrismaClient, actor: Actor): Promise<Prisma.InventoryItemWhereInput> {
  const people = await visiblePeople(db, actor);
  if (people === undefined) return { tenantId: actor.tenant.id };
  const held = await db.inventoryAssignment.findMany({
    where: { tenantId: actor.tenant.id, returnedAt: null, employeeId: { in: people } },
    select: { itemId: true },
  });
  return { tenantId: actor.tenant.id, id: { in: held.map((a) => a.itemId) } };
}

/** May `actor` read what `employeeId` holds? The person, who sees them by role, and HR; else 404. */
export async function requireMayReadHoldingsOf(db: PrismaClient, actor: Actor, employeeId: string): Promise<void> {
  if (actor.employee?.id === employeeId) return;
  if (!(await canSeeEmployee(db, actor, employeeId))) throw new AppError('not_found', `No person ${employeeId}`);
}

/** May `actor` read what `employeeId` holds (the rule above, as a yes or no)? */
export async function mayReadHoldingsOf(db: PrismaClient, actor: Actor, employeeId: string): Promise<boolean> {
  return actor.employee?.id === employeeId || canSeeEmployee(db, actor, employeeId);
}

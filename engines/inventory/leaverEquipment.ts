import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { mayReadHoldingsOf } from '../access/inventoryAccess';
import { assignmentViewsOf, type AssignmentView } from './inventoryViews';

/**
 * What a leaver holds, for their offboarding (company-api.md, Offboarding: "equipment from Inventory must be
 * returned"): everything in their hands now, oldest first, unpaged. Undefined when `actor` may not read the
 * person's holdings (someone who reads the process only for a task of theirs in it): the answer then leaves it out.
 */
export async function leaverEquipment(
  prisma: PrismaClient,
  actor: Actor,
  employeeId: string,
): Promise<AssignmentView[] | undefined> {
  if (!(await mayReadHoldingsOf(prisma, actor, employeeId))) return undefined;
  const rows = await prisma.inventoryAssignment.findMany({
    where: { tenantId: actor.tenant.id, employeeId, returnedAt: null },
    orderBy: { assignedAt: 'asc' },
  });
  return assignmentViewsOf(prisma, rows);
}

import type { InventoryAssignment } from '../../db/models';
import type { Db } from '../../db/handle';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { requireInventoryManager, requireMayReadHoldingsOf, visibleAssignmentsFilter } from '../access/inventoryAccess';
import { AppError } from '../appError';
import type { Clock } from '../clock';
import { fromDbDate } from '../leave/dates';
import { tenantToday } from '../leave/tenantCalendar';
import { emitInventoryWebhookEvent } from '../webhooks/emitters';
import { notifyHolder } from './inventoryNotifications';
import { assignmentViewsOf, type AssignmentView, type ReturnCondition } from './inventoryViews';
import { requireMove } from './itemStates';
import { lockItem } from './items';

/**
 * Assignments (company-api.md, Inventory): an item in one person's hands at a time. Assigning takes the item's row
 * lock, checks that it is available and writes the open assignment and the item's new status in one transaction;
 * the open assignment's `openItemId` is unique in the database too, so two assignments of one item sent at once
 * give one holder and one 409, whichever way they race. A return closes the assignment and puts the item back,
 * available or in repair.
 */

async function viewOf(db: Db, id: string): Promise<AssignmentView> {
  const [view] = await assignmentViewsOf(db, [await db.inventoryAssignment.findUniqueOrThrow({ where: { id } })]);
  return view!;
}

/** Puts an available item in `employeeId`'s hands (HR); the person is told. 409 from any other state. */
export async function assignItem(
  prisma: PrismaClient,
  actor: Actor,
  itemId: string,
  input: { employeeId: string; note?: string | undefined },
  clock: Clock,
): Promise<AssignmentView> {
  requireInventoryManager(actor, 'assign inventory items');
  const tenantId = actor.tenant.id;
  // The item first: one of another workspace is a 404, whoever the person named.
  if ((await prisma.inventoryItem.count({ where: { id: itemId, tenantId } })) === 0) {
    throw new AppError('not_found', `No inventory item ${itemId}`);
  }
  const person = await prisma.employee.findFirst({
    where: { id: input.employeeId, tenantId },
    select: { id: true, userId: true, terminationDate: true },
  });
  if (!person) throw new AppError('validation_error', `employeeId: no employee ${input.employeeId} in this workspace`);
  const { today } = await tenantToday(prisma, tenantId, clock);
  if (person.terminationDate && fromDbDate(person.terminationDate) < today) {
    throw new AppError('conflict', `This person left on ${fromDbDate(person.terminationDate)}`);
  }
  return prisma.$transaction(async (tx) => {
    requireMove(await lockItem(tx, tenantId, itemId), 'assign');
    const assignment = await tx.inventoryAssignment.create({
      data: {
        tenantId,
        itemId,
        employeeId: person.id,
        openItemId: itemId,
        note: input.note ?? null,
        assignedByUserId: actor.user.id,
      },
    });
    const item = await tx.inventoryItem.update({ where: { id: itemId }, data: { status: 'assigned' } });
    await notifyHolder(tx, {
      kind: 'inventory.item_assigned',
      tenantId,
      userId: person.userId,
      assignmentId: assignment.id,
      item,
    });
    await emitInventoryWebhookEvent(tx, 'inventory.item.assigned', item, assignment);
    return viewOf(tx, assignment.id);
  });
}

/**
 * Records the return of an assigned item (HR): its assignment closes, and the item is available again, or in repair
 * when it came back needing one (`conditionNote` says what is wrong). The holder is told. 409 unless assigned.
 */
export async function returnItem(
  prisma: PrismaClient,
  actor: Actor,
  itemId: string,
  input: { condition: ReturnCondition; conditionNote?: string | undefined },
): Promise<AssignmentView> {
  requireInventoryManager(actor, 'record returns of inventory items');
  const tenantId = actor.tenant.id;
  return prisma.$transaction(async (tx) => {
    requireMove(await lockItem(tx, tenantId, itemId), 'return');
    const open = await tx.inventoryAssignment.findUniqueOrThrow({ where: { openItemId: itemId } });
    const closed = await tx.inventoryAssignment.update({
      where: { id: open.id },
      data: {
        openItemId: null,
        returnedAt: new Date(),
        returnedByUserId: actor.user.id,
        returnCondition: input.condition,
        conditionNote: input.conditionNote ?? null,
      },
    });
    const item = await tx.inventoryItem.update({
      where: { id: itemId },
      data: { status: input.condition === 'needs_repair' ? 'in_repair' : 'available' },
    });
    const holder = await tx.employee.findUniqueOrThrow({ where: { id: open.employeeId }, select: { userId: true } });
    await notifyHolder(tx, {
      kind: 'inventory.item_returned',
      tenantId,
      userId: holder.userId,
      assignmentId: closed.id,
      item,
    });
    await emitInventoryWebhookEvent(tx, 'inventory.item.returned', item, closed);
    return viewOf(tx, closed.id);
  });
}

export interface AssignmentQuery {
  itemId?: string | undefined;
  employeeId?: string | undefined;
  /** true: only those not returned yet; false: only returned ones. */
  open?: boolean | undefined;
  limit: number;
  after?: string | undefined;
}

async function page(
  prisma: PrismaClient,
  rows: InventoryAssignment[],
  limit: number,
): Promise<{ assignments: AssignmentView[]; nextCursor: string | null }> {
  const shown = rows.slice(0, limit);
  return {
    assignments: await assignmentViewsOf(prisma, shown),
    nextCursor: rows.length > limit ? shown[shown.length - 1]!.id : null,
  };
}

/**
 * The assignment history `actor` may read (of the people they see), newest first, a page at a time: of one item
 * (`itemId`), of one person (`employeeId`), open or returned.
 */
export async function listAssignments(
  prisma: PrismaClient,
  actor: Actor,
  query: AssignmentQuery,
): Promise<{ assignments: AssignmentView[]; nextCursor: string | null }> {
  const rows = await prisma.inventoryAssignment.findMany({
    where: {
      AND: [
        await visibleAssignmentsFilter(prisma, actor),
        query.itemId ? { itemId: query.itemId } : {},
        query.employeeId ? { employeeId: query.employeeId } : {},
        query.open === true ? { returnedAt: null } : query.open === false ? { returnedAt: { not: null } } : {},
        query.after ? { id: { lt: query.after } } : {},
      ],
    },
    orderBy: { id: 'desc' },
    take: query.limit + 1,
  });
  return page(prisma, rows, query.limit);
}

/**
 * What a person holds now (their open assignments), for the person, whoever sees them by role, and HR; 404 for
 * anyone else. Offboarding shows a leaver's (leaverEquipment.ts).
 */
export async function listHoldings(
  prisma: PrismaClient,
  actor: Actor,
  query: { employeeId?: string | undefined; limit: number; after?: string | undefined },
): Promise<{ employeeId: string; holdings: AssignmentView[]; nextCursor: string | null }> {
  const employeeId = query.employeeId ?? actor.employee?.id;
  if (!employeeId) throw new AppError('validation_error', 'employeeId: you have no employee record; name the person');
  await requireMayReadHoldingsOf(prisma, actor, employeeId);
  const rows = await prisma.inventoryAssignment.findMany({
    where: {
      tenantId: actor.tenant.id,
      employeeId,
      returnedAt: null,
      ...(query.after ? { id: { lt: query.after } } : {}),
    },
    orderBy: { id: 'desc' },
    take: query.limit + 1,
  });
  const { assignments, nextCursor } = await page(prisma, rows, query.limit);
  return { employeeId, holdings: assignments, nextCursor };
}

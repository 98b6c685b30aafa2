import type { Prisma } from '../../db/models';
import type { Db } from '../../db/handle';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { requireInventoryManager, visibleItemsFilter } from '../access/inventoryAccess';
import { AppError } from '../appError';
import { emitInventoryWebhookEvent } from '../webhooks/emitters';
import { itemViewsOf, type ItemView } from './inventoryViews';
import { requireMove, type ItemCategory, type ItemStatus } from './itemStates';

/**
 * Inventory items (company-api.md, Inventory): HR records what the company lends (name, category, a serial unique
 * within the workspace, notes), changes it, sends it to repair and back, and retires it. Each change of state
 * runs under the item's row lock (`lockItem`), the lock an assignment takes too, so a change and an assignment
 * sent at once are decided one after the other.
 */

export interface ItemFields {
  name: string;
  category: ItemCategory;
  serial: string;
  notes?: string | null | undefined;
}

/** Locks the item's row to the end of the transaction and answers its status; 404 when the workspace has none. */
export async function lockItem(tx: Db, tenantId: string, id: string): Promise<ItemStatus> {
  const rows = await tx.$queryRaw<Array<{ status: ItemStatus }>>`
    SELECT status::text AS status FROM inventory_items
    WHERE id = ${id}::uuid AND tenant_id = ${tenantId}::uuid FOR UPDATE`;
  if (rows.length === 0) throw new AppError('not_found', `No inventory item ${id}`);
  return rows[0]!.status;
}

async function viewOf(db: Db, id: string): Promise<ItemView> {
  const [view] = await itemViewsOf(db, [await db.inventoryItem.findUniqueOrThrow({ where: { id } })]);
  return view!;
}

/**
 * 409 naming `serial` when another item of the workspace has it. The unique index decides a race between two
 * writes of one serial (a 409 too, without the item's name); this gives the usual case its clear reason.
 */
async function requireFreeSerial(db: Db, tenantId: string, serial: string, self?: string): Promise<void> {
  const holder = await db.inventoryItem.findFirst({
    where: { tenantId, serial, ...(self ? { id: { not: self } } : {}) },
    select: { id: true, name: true },
  });
  if (holder) throw new AppError('conflict', `serial: ${serial} is the serial of "${holder.name}" (${holder.id})`);
}

/** Records an item, available (HR). A serial the workspace has answers 409 (its unique rule). */
export async function createItem(prisma: PrismaClient, actor: Actor, input: ItemFields): Promise<ItemView> {
  requireInventoryManager(actor, 'record inventory items');
  return prisma.$transaction(async (tx) => {
    await requireFreeSerial(tx, actor.tenant.id, input.serial);
    const row = await tx.inventoryItem.create({
      data: {
        tenantId: actor.tenant.id,
        name: input.name,
        category: input.category,
        serial: input.serial,
        notes: input.notes ?? null,
        createdByUserId: actor.user.id,
      },
    });
    await emitInventoryWebhookEvent(tx, 'inventory.item.created', row);
    return viewOf(tx, row.id);
  });
}

/** One item `actor` may read: HR any; anyone else one a person they see holds now. 404 otherwise. */
export async function getItem(prisma: PrismaClient, actor: Actor, id: string): Promise<ItemView> {
  const row = await prisma.inventoryItem.findFirst({
    where: { AND: [{ id }, await visibleItemsFilter(prisma, actor)] },
  });
  if (!row) throw new AppError('not_found', `No inventory item ${id}`);
  return viewOf(prisma, row.id);
}

export interface ItemQuery {
  status?: ItemStatus | undefined;
  category?: ItemCategory | undefined;
  /** Only what this person holds now. */
  employeeId?: string | undefined;
  limit: number;
  after?: string | undefined;
}

/** The items `actor` may read, newest first, a page at a time. */
export async function listItems(
  prisma: PrismaClient,
  actor: Actor,
  query: ItemQuery,
): Promise<{ items: ItemView[]; nextCursor: string | null }> {
  const heldBy = query.employeeId
    ? (
        await prisma.inventoryAssignment.findMany({
          where: { tenantId: actor.tenant.id, employeeId: query.employeeId, returnedAt: null },
          select: { itemId: true },
        })
      ).map((a) => a.itemId)
    : undefined;
  const rows = await prisma.inventoryItem.findMany({
    where: {
      AND: [
        await visibleItemsFilter(prisma, actor),
        query.status ? { status: query.status } : {},
        query.category ? { category: query.category } : {},
        heldBy ? { id: { in: heldBy } } : {},
        query.after ? { id: { lt: query.after } } : {},
      ],
    },
    orderBy: { id: 'desc' },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    items: await itemViewsOf(prisma, page),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}

/**
 * Changes an item's details (HR). A retired item stays as it was (409). The serial identifies the item in its
 * assignments: once it has been assigned, it keeps it (409 naming `serial`); before, a typo may be corrected.
 */
export async function updateItem(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  changes: Partial<ItemFields>,
): Promise<ItemView> {
  requireInventoryManager(actor, 'change inventory items');
  return prisma.$transaction(async (tx) => {
    requireMove(await lockItem(tx, actor.tenant.id, id), 'change');
    const current = await tx.inventoryItem.findUniqueOrThrow({ where: { id } });
    if (changes.serial !== undefined && changes.serial !== current.serial) {
      const assignments = await tx.inventoryAssignment.count({ where: { itemId: id } });
      if (assignments > 0) {
        throw new AppError(
          'conflict',
          `serial: the item has been assigned (${assignments} time(s)) and keeps the serial ${current.serial} its history names`,
        );
      }
      await requireFreeSerial(tx, actor.tenant.id, changes.serial, id);
    }
    const data: Prisma.InventoryItemUpdateInput = {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.category !== undefined ? { category: changes.category } : {}),
      ...(changes.serial !== undefined ? { serial: changes.serial } : {}),
      ...(changes.notes !== undefined ? { notes: changes.notes } : {}),
    };
    const row = await tx.inventoryItem.update({ where: { id }, data });
    const changed = (Object.keys(data) as Array<keyof typeof current>).filter((k) => current[k] !== row[k]);
    if (changed.length > 0) await emitInventoryWebhookEvent(tx, 'inventory.item.updated', row, undefined, changed);
    return viewOf(tx, id);
  });
}

/** Sends an available item to repair, or makes a repaired one available again (HR); 409 from any other state. */
export async function setItemStatus(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  status: 'available' | 'in_repair',
): Promise<ItemView> {
  requireInventoryManager(actor, 'change the status of inventory items');
  return prisma.$transaction(async (tx) => {
    requireMove(await lockItem(tx, actor.tenant.id, id), status === 'in_repair' ? 'repair' : 'repaired');
    const row = await tx.inventoryItem.update({ where: { id }, data: { status } });
    await emitInventoryWebhookEvent(tx, 'inventory.item.status_changed', row);
    return viewOf(tx, id);
  });
}

/** Retires an available or in-repair item for good (HR); an assigned one is returned first (409). */
export async function retireItem(prisma: PrismaClient, actor: Actor, id: string): Promise<ItemView> {
  requireInventoryManager(actor, 'retire inventory items');
  return prisma.$transaction(async (tx) => {
    requireMove(await lockItem(tx, actor.tenant.id, id), 'retire');
    const row = await tx.inventoryItem.update({ where: { id }, data: { status: 'retired', retiredAt: new Date() } });
    await emitInventoryWebhookEvent(tx, 'inventory.item.retired', row);
    return viewOf(tx, id);
  });
}

import type { InventoryAssignment, InventoryItem } from '../../db/models';
import type { Db } from '../../db/handle';
import type { ItemCategory, ItemStatus } from './itemStates';

/** Who holds an item now. */
export interface HolderView {
  assignmentId: string;
  employeeId: string;
  employeeName: string;
  assignedAt: string;
}

/** An inventory item as the API answers it. */
export interface ItemView {
  id: string;
  name: string;
  category: ItemCategory;
  serial: string;
  status: ItemStatus;
  notes: string | null;
  /** Null unless the item is assigned. */
  holder: HolderView | null;
  retiredAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export const returnConditions = ['good', 'needs_repair'] as const;
export type ReturnCondition = (typeof returnConditions)[number];

/** An assignment (open or returned) as the API answers it, with the item it lends. */
export interface AssignmentView {
  id: string;
  item: { id: string; name: string; category: ItemCategory; serial: string; status: ItemStatus };
  employeeId: string;
  employeeName: string;
  note: string | null;
  assignedAt: string;
  assignedByUserId: string;
  /** True until the item is returned. */
  open: boolean;
  returnedAt: string | null;
  returnedByUserId: string | null;
  returnCondition: ReturnCondition | null;
  conditionNote: string | null;
}

async function namesOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.employee.findMany({
    where: { id: { in: [...new Set(ids)] } },
    select: { id: true, name: true },
  });
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The views of `rows`, with their current holders, in one read each. */
export async function itemViewsOf(db: Db, rows: readonly InventoryItem[]): Promise<ItemView[]> {
  if (rows.length === 0) return [];
  const open = await db.inventoryAssignment.findMany({ where: { openItemId: { in: rows.map((r) => r.id) } } });
  const names = await namesOf(
    db,
    open.map((a) => a.employeeId),
  );
  const holderOf = new Map(open.map((a) => [a.itemId, a]));
  return rows.map((r) => {
    const held = holderOf.get(r.id);
    return {
      id: r.id,
      name: r.name,
      category: r.category,
      serial: r.serial,
      status: r.status,
      notes: r.notes,
      holder: held
        ? {
            assignmentId: held.id,
            employeeId: held.employeeId,
            employeeName: names.get(held.employeeId) ?? '',
            assignedAt: held.assignedAt.toISOString(),
          }
        : null,
      retiredAt: r.retiredAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

/** The views of `rows`, with their items and people, in one read each. */
export async function assignmentViewsOf(db: Db, rows: readonly InventoryAssignment[]): Promise<AssignmentView[]> {
  if (rows.length === 0) return [];
  const [items, names] = await Promise.all([
    db.inventoryItem.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.itemId))] } } }),
    namesOf(
      db,
      rows.map((r) => r.employeeId),
    ),
  ]);
  const itemOf = new Map(items.map((i) => [i.id, i]));
  return rows.map((r) => {
    const item = itemOf.get(r.itemId)!;
    return {
      id: r.id,
      item: { id: item.id, name: item.name, category: item.category, serial: item.serial, status: item.status },
      employeeId: r.employeeId,
      employeeName: names.get(r.employeeId) ?? '',
      note: r.note,
      assignedAt: r.assignedAt.toISOString(),
      assignedByUserId: r.assignedByUserId,
      open: r.returnedAt === null,
      returnedAt: r.returnedAt?.toISOString() ?? null,
      returnedByUserId: r.returnedByUserId,
      returnCondition: r.returnCondition as ReturnCondition | null,
      conditionNote: r.conditionNote,
    };
  });
}

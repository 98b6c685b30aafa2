import type { PrismaClient } from '../../db/prismaClient';
import { demoPeople } from '../../prisma/seed';
import type { CompanySample } from './companySamples';
import type { DemoKey } from './identity';

let n = 0;
const freshSerial = () => `SN-${process.pid}-${Date.now()}-${++n}`;
const employeeOf = async (db: PrismaClient, who: DemoKey) =>
  db.employee.findFirstOrThrow({ where: { email: demoPeople[who].email } });

/**
 * A fresh inventory item of Acme, written directly (what the samples act on): available, or assigned to `holder`
 * (its open assignment made by HR). Answers its id.
 */
export async function inventoryItemOf(db: PrismaClient, holder?: DemoKey): Promise<string> {
  const hr = await employeeOf(db, 'hr');
  const item = await db.inventoryItem.create({
    data: {
      tenantId: hr.tenantId,
      name: 'Matrix laptop',
      category: 'laptop',
      serial: freshSerial(),
      status: holder ? 'assigned' : 'available',
      createdByUserId: hr.userId!,
    },
  });
  if (holder) {
    await db.inventoryAssignment.create({
      data: {
        tenantId: hr.tenantId,
        itemId: item.id,
        employeeId: (await employeeOf(db, holder)).id,
        openItemId: item.id,
        assignedByUserId: hr.userId!,
      },
    });
  }
  return item.id;
}

/**
 * The matrix samples of Inventory: HR keeps the inventory (fresh available items to change, assign and retire);
 * reads act on an item Alice holds, which she, her manager, the director of her department and HR see.
 */
export function inventorySamples(db: () => PrismaClient): Record<string, (who: DemoKey) => Promise<CompanySample>> {
  return {
    list_inventory_items: async () => ({ method: 'GET', url: '/api/inventory/items' }),
    create_inventory_item: async () => ({
      method: 'POST',
      url: '/api/inventory/items',
      payload: { name: 'Matrix phone', category: 'phone', serial: freshSerial() },
    }),
    get_inventory_item: async () => ({
      method: 'GET',
      url: `/api/inventory/items/${await inventoryItemOf(db(), 'alice')}`,
    }),
    update_inventory_item: async () => ({
      method: 'PATCH',
      url: `/api/inventory/items/${await inventoryItemOf(db())}`,
      payload: { notes: 'with charger' },
    }),
    set_inventory_item_status: async () => ({
      method: 'POST',
      url: `/api/inventory/items/${await inventoryItemOf(db())}/status`,
      payload: { status: 'in_repair' },
    }),
    retire_inventory_item: async () => ({
      method: 'POST',
      url: `/api/inventory/items/${await inventoryItemOf(db())}/retire`,
    }),
    assign_inventory_item: async () => ({
      method: 'POST',
      url: `/api/inventory/items/${await inventoryItemOf(db())}/assign`,
      payload: { employeeId: (await employeeOf(db(), 'alice')).id },
    }),
    return_inventory_item: async () => ({
      method: 'POST',
      url: `/api/inventory/items/${await inventoryItemOf(db(), 'alice')}/return`,
      payload: { condition: 'good' },
    }),
    list_inventory_assignments: async () => ({ method: 'GET', url: '/api/inventory/assignments' }),
    list_inventory_holdings: async () => ({
      method: 'GET',
      url: `/api/inventory/holdings?employeeId=${(await employeeOf(db(), 'alice')).id}`,
    }),
  };
}

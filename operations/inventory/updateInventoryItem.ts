import { z } from 'zod';
import { updateItem } from '../../engines/inventory/items';
import { defineOperation } from '../defineOperation';
import { IdParam, InventoryItemView, inventoryOperation, itemFields } from './inventorySchemas';

export const updateInventoryItem = defineOperation({
  ...inventoryOperation,
  name: 'update_inventory_item',
  method: 'PATCH',
  path: '/api/inventory/items/{id}',
  access: 'inventory:write',
  summary: 'Change an inventory item’s name, category, serial or notes (HR)',
  description:
    'HR_MANAGER, ADMIN and OWNER only. A retired item is not changed (409). The serial may be corrected until the ' +
    'item is first assigned; after that its history names it, and a new serial answers 409. A serial another ' +
    'item has answers 409.',
  input: {
    params: IdParam,
    body: z
      .strictObject({
        name: itemFields.name.optional(),
        category: itemFields.category.optional(),
        serial: itemFields.serial.optional(),
        notes: itemFields.notes.nullable().optional().describe('null removes them'),
      })
      .refine((b) => Object.keys(b).length > 0, 'send at least one field to change'),
  },
  output: z.object({ item: InventoryItemView }),
  idempotent: true,
  mcp: { tool: 'update_inventory_item', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({ item: await updateItem(ctx.deps.prisma, ctx.actor, params.id, body) }),
});

import { z } from 'zod';
import { createItem } from '../../engines/inventory/items';
import { defineOperation } from '../defineOperation';
import { InventoryItemView, inventoryOperation, itemFields } from './inventorySchemas';

export const createInventoryItem = defineOperation({
  ...inventoryOperation,
  name: 'create_inventory_item',
  method: 'POST',
  path: '/api/inventory/items',
  access: 'inventory:write',
  summary: 'Record an item the company lends (HR): a laptop, a phone, a badge...',
  description:
    'HR_MANAGER, ADMIN and OWNER only. The item starts `available`. A serial another item of the workspace has ' +
    'answers 409.',
  input: {
    body: z.strictObject({
      name: itemFields.name,
      category: itemFields.category,
      serial: itemFields.serial,
      notes: itemFields.notes.optional(),
    }),
  },
  output: z.object({ item: InventoryItemView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'create_inventory_item', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => ({ item: await createItem(ctx.deps.prisma, ctx.actor, body) }),
});

import { z } from 'zod';
import { setItemStatus } from '../../engines/inventory/items';
import { defineOperation } from '../defineOperation';
import { IdParam, InventoryItemView, inventoryOperation } from './inventorySchemas';

export const setInventoryItemStatus = defineOperation({
  ...inventoryOperation,
  name: 'set_inventory_item_status',
  method: 'POST',
  path: '/api/inventory/items/{id}/status',
  access: 'inventory:write',
  summary: 'Send an available item to repair, or make a repaired one available again (HR)',
  description:
    'HR_MANAGER, ADMIN and OWNER only. `in_repair` from `available`; `available` from `in_repair`. Any other move ' +
    'answers 409 naming the item’s status: an assigned item is returned (return_inventory_item), a retired one ' +
    'stays retired.',
  input: {
    params: IdParam,
    body: z.strictObject({
      status: z.enum(['available', 'in_repair']).describe('in_repair: it went to repair; available: it is back'),
    }),
  },
  output: z.object({ item: InventoryItemView }),
  idempotent: true,
  mcp: { tool: 'set_inventory_item_status', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({
    item: await setItemStatus(ctx.deps.prisma, ctx.actor, params.id, body.status),
  }),
});

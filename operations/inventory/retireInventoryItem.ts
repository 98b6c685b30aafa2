import { z } from 'zod';
import { retireItem } from '../../engines/inventory/items';
import { defineOperation } from '../defineOperation';
import { IdParam, InventoryItemView, inventoryOperation } from './inventorySchemas';

export const retireInventoryItem = defineOperation({
  ...inventoryOperation,
  name: 'retire_inventory_item',
  method: 'POST',
  path: '/api/inventory/items/{id}/retire',
  access: 'inventory:write',
  summary: 'Retire an inventory item for good (HR): it can no longer be assigned',
  description:
    'HR_MANAGER, ADMIN and OWNER only. From `available` or `in_repair`; an assigned item is returned first, and ' +
    'a retired one stays retired (409 naming the status). Its history stays readable.',
  input: { params: IdParam },
  output: z.object({ item: InventoryItemView }),
  idempotent: true,
  mcp: { tool: 'retire_inventory_item', annotations: { readOnlyHint: false, destructiveHint: true } },
  handler: async (ctx, { params }) => ({ item: await retireItem(ctx.deps.prisma, ctx.actor, params.id) }),
});

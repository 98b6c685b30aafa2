import { z } from 'zod';
import { getItem } from '../../engines/inventory/items';
import { defineOperation } from '../defineOperation';
import { IdParam, InventoryItemView, inventoryOperation } from './inventorySchemas';

export const getInventoryItem = defineOperation({
  ...inventoryOperation,
  name: 'get_inventory_item',
  method: 'GET',
  path: '/api/inventory/items/{id}',
  access: 'inventory:read',
  summary: 'One inventory item with its holder: HR any; anyone else one held by a person they see (404 otherwise)',
  description:
    'Use it to see who holds a laptop or other equipment now, with its name, category, serial number, status and notes.',
  input: { params: IdParam },
  output: z.object({ item: InventoryItemView }),
  mcp: { tool: 'get_inventory_item', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({ item: await getItem(ctx.deps.prisma, ctx.actor, params.id) }),
});

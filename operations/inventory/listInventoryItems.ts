import { z } from 'zod';
import { listItems } from '../../engines/inventory/items';
import { defineOperation } from '../defineOperation';
import {
  Cursor,
  ItemCategory,
  ItemStatus,
  InventoryItemView,
  Limit,
  NextCursor,
  inventoryOperation,
} from './inventorySchemas';

export const listInventoryItems = defineOperation({
  ...inventoryOperation,
  name: 'list_inventory_items',
  method: 'GET',
  path: '/api/inventory/items',
  access: 'inventory:read',
  summary: 'Inventory items, newest first: all of them for HR, otherwise those held by the people you see',
  description:
    'HR_MANAGER, ADMIN and OWNER read every item. Anyone else reads the items held now by the people their role ' +
    'shows them (themself; their team as a manager; their department as a director).',
  input: {
    query: z.strictObject({
      status: ItemStatus.optional().describe('only items in this status'),
      category: ItemCategory.optional().describe('only items of this category'),
      employeeId: z.uuid().optional().describe('only the items this person holds now'),
      limit: Limit,
      cursor: Cursor,
    }),
  },
  output: z.object({ items: z.array(InventoryItemView), nextCursor: NextCursor }),
  mcp: { tool: 'list_inventory_items', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    listItems(ctx.deps.prisma, ctx.actor, {
      status: query.status,
      category: query.category,
      employeeId: query.employeeId,
      limit: query.limit,
      after: query.cursor,
    }),
});

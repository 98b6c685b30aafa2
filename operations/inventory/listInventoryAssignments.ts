import { z } from 'zod';
import { listAssignments } from '../../engines/inventory/assignments';
import { defineOperation } from '../defineOperation';
import { InventoryAssignmentView, Cursor, Limit, NextCursor, inventoryOperation } from './inventorySchemas';

export const listInventoryAssignments = defineOperation({
  ...inventoryOperation,
  name: 'list_inventory_assignments',
  method: 'GET',
  path: '/api/inventory/assignments',
  access: 'inventory:read',
  summary: 'Assignment history, newest first: of an item (`itemId`) or a person (`employeeId`), open or returned',
  description:
    'The assignments of the people you see: your own as an employee, your team’s as a manager, your ' +
    'department’s as a director, everyone’s as HR. `open=true` keeps those not returned yet, `false` the returned.',
  input: {
    query: z.strictObject({
      itemId: z.uuid().optional().describe('only this item’s'),
      employeeId: z.uuid().optional().describe('only this person’s'),
      open: z
        .enum(['true', 'false'])
        .optional()
        .transform((v) => (v === undefined ? undefined : v === 'true'))
        .describe('true: only open ones (the item is still held); false: only returned ones'),
      limit: Limit,
      cursor: Cursor,
    }),
  },
  output: z.object({ assignments: z.array(InventoryAssignmentView), nextCursor: NextCursor }),
  mcp: { tool: 'list_inventory_assignments', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    listAssignments(ctx.deps.prisma, ctx.actor, {
      itemId: query.itemId,
      employeeId: query.employeeId,
      open: query.open,
      limit: query.limit,
      after: query.cursor,
    }),
});

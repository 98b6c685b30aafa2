import { z } from 'zod';
import { listHoldings } from '../../engines/inventory/assignments';
import { defineOperation } from '../defineOperation';
import { InventoryAssignmentView, Cursor, Limit, NextCursor, inventoryOperation } from './inventorySchemas';

export const listInventoryHoldings = defineOperation({
  ...inventoryOperation,
  name: 'list_inventory_holdings',
  method: 'GET',
  path: '/api/inventory/holdings',
  access: 'inventory:read',
  summary: 'What a person holds now (yours by default): the equipment a leaver has to return',
  description:
    'The open assignments of `employeeId`, for the person, who sees them by role (their manager, their ' +
    'department’s director) and HR; 404 for anyone else.',
  input: {
    query: z.strictObject({
      employeeId: z.uuid().optional().describe('whose; default: yours'),
      limit: Limit,
      cursor: Cursor,
    }),
  },
  output: z.object({
    employeeId: z.uuid().describe('whose holdings these are'),
    holdings: z.array(InventoryAssignmentView),
    nextCursor: NextCursor,
  }),
  mcp: { tool: 'list_inventory_holdings', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    listHoldings(ctx.deps.prisma, ctx.actor, { employeeId: query.employeeId, limit: query.limit, after: query.cursor }),
});

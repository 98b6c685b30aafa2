import { z } from 'zod';
import { assignItem } from '../../engines/inventory/assignments';
import { defineOperation } from '../defineOperation';
import { InventoryAssignmentView, IdParam, inventoryOperation } from './inventorySchemas';

export const assignInventoryItem = defineOperation({
  ...inventoryOperation,
  name: 'assign_inventory_item',
  method: 'POST',
  path: '/api/inventory/items/{id}/assign',
  access: 'inventory:write',
  summary: 'Hand an available inventory item to an employee (HR); they are told',
  description:
    'HR_MANAGER, ADMIN and OWNER only. One holder at a time: an item that is not `available` (assigned, in ' +
    'repair, retired) answers 409 naming its status, and of two assignments sent at once one answers 409. ' +
    'Someone who has left answers 409.',
  input: {
    params: IdParam,
    body: z.strictObject({
      employeeId: z.uuid().describe('who receives it (GET /api/people)'),
      note: z.string().trim().max(2000).optional().describe('anything said at the hand-over: accessories, its state'),
    }),
  },
  output: z.object({ assignment: InventoryAssignmentView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'assign_inventory_item', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({
    assignment: await assignItem(ctx.deps.prisma, ctx.actor, params.id, body, ctx.deps.config.clock),
  }),
});

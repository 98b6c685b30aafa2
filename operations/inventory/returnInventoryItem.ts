import { z } from 'zod';
import { returnItem } from '../../engines/inventory/assignments';
import { defineOperation } from '../defineOperation';
import { InventoryAssignmentView, IdParam, ReturnCondition, inventoryOperation } from './inventorySchemas';

export const returnInventoryItem = defineOperation({
  ...inventoryOperation,
  name: 'return_inventory_item',
  method: 'POST',
  path: '/api/inventory/items/{id}/return',
  access: 'inventory:write',
  summary: 'Record that an assigned item came back (HR): available again, or in repair',
  description:
    'HR_MANAGER, ADMIN and OWNER only. Closes the item’s open assignment; `condition` good makes it `available`, ' +
    '`needs_repair` puts it `in_repair` and takes a `conditionNote` saying what is wrong. The holder is told. ' +
    'An item that is not assigned answers 409 naming its status.',
  input: {
    params: IdParam,
    body: z
      .strictObject({
        condition: ReturnCondition.default('good').describe(
          'good (default): back to available; needs_repair: to in_repair',
        ),
        conditionNote: z
          .string()
          .trim()
          .min(1)
          .max(2000)
          .optional()
          .describe('the state it came back in; required with needs_repair'),
      })
      .refine((b) => b.condition !== 'needs_repair' || b.conditionNote !== undefined, {
        message: 'say what needs repair',
        path: ['conditionNote'],
      }),
  },
  output: z.object({ assignment: InventoryAssignmentView }),
  idempotent: true,
  mcp: { tool: 'return_inventory_item', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({
    assignment: await returnItem(ctx.deps.prisma, ctx.actor, params.id, body),
  }),
});

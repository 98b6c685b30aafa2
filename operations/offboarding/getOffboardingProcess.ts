import { z } from 'zod';
import { leaverEquipment } from '../../engines/inventory/leaverEquipment';
import { getProcess } from '../../engines/lifecycle/processes';
import { defineOperation } from '../defineOperation';
import { InventoryAssignmentView } from '../inventory/inventorySchemas';
import { IdParam, ProcessWithTasks, lifecycleOperation } from '../lifecycle/lifecycleSchemas';

export const getOffboardingProcess = defineOperation({
  ...lifecycleOperation('offboarding'),
  name: 'get_offboarding_process',
  method: 'GET',
  path: '/api/offboarding/processes/{id}',
  access: 'offboarding:read',
  summary: 'One offboarding process with its tasks and their due dates, and the equipment the leaver holds',
  description:
    'Who sees the person (HR, the person, their line) reads every task and `equipment`, what the leaver holds ' +
    'now from Inventory (to return); someone with a task in it and nothing more reads only their own tasks. 404 ' +
    'for a process you may not read.',
  input: { params: IdParam },
  output: ProcessWithTasks.extend({
    equipment: z
      .array(InventoryAssignmentView)
      .optional()
      .describe('the inventory items the leaver holds now, oldest first; absent for who reads only their tasks'),
  }),
  mcp: { tool: 'get_offboarding_process', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => {
    const found = await getProcess(ctx.deps.prisma, ctx.actor, 'offboarding', params.id);
    const equipment = await leaverEquipment(ctx.deps.prisma, ctx.actor, found.process.employeeId);
    return { ...found, ...(equipment ? { equipment } : {}) };
  },
});

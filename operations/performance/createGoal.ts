import { z } from 'zod';
import { createGoal as create } from '../../engines/performance/goals';
import { defineOperation } from '../defineOperation';
import { GoalPeriod, GoalView, IsoDateString, KrNumber, performanceOperation } from './performanceSchemas';

export const createGoal = defineOperation({
  ...performanceOperation,
  name: 'create_goal',
  method: 'POST',
  path: '/api/performance/goals',
  access: 'performance:write',
  summary: 'Create a goal with 1 to 10 key results: your own, a report’s (their managers), anyone’s (HR)',
  description: 'Progress is computed from the key results: (current - start) / (target - start), bounded 0 to 100.',
  input: {
    body: z.strictObject({
      employeeId: z.uuid().optional().describe('whose goal; default: yours'),
      title: z.string().trim().min(1).max(200).describe('what the goal is, up to 200 characters'),
      description: z.string().max(2000).optional().describe('more about it, up to 2000 characters'),
      period: GoalPeriod,
      dueDate: IsoDateString.optional().describe('YYYY-MM-DD'),
      keyResults: z
        .array(
          z.strictObject({
            title: z.string().trim().min(1).max(200),
            unit: z.string().max(20).optional().describe('e.g. %, EUR, tickets'),
            startValue: KrNumber.describe('where it starts'),
            targetValue: KrNumber.describe('where it should end; below the start measures a decrease'),
            currentValue: KrNumber.optional().describe('default: the start value'),
          }),
        )
        .min(1)
        .max(10)
        .describe('1 to 10 key results'),
    }),
  },
  output: z.object({ goal: GoalView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'create_goal', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => ({ goal: await create(ctx.deps.prisma, ctx.actor, body) }),
});

import { z } from 'zod';
import { endGoal } from '../../engines/performance/goals';
import { defineOperation } from '../defineOperation';
import { GoalView, IdParam, performanceOperation } from './performanceSchemas';

export const completeGoal = defineOperation({
  ...performanceOperation,
  name: 'complete_goal',
  method: 'POST',
  path: '/api/performance/goals/{id}/complete',
  access: 'performance:write',
  summary: 'Mark a goal completed: final',
  description: 'The goal’s person, their managers and HR (403 otherwise); 409 unless ACTIVE.',
  input: { params: IdParam },
  output: z.object({ goal: GoalView }),
  idempotent: true,
  mcp: { tool: 'complete_goal', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params }) => ({ goal: await endGoal(ctx.deps.prisma, ctx.actor, params.id, 'COMPLETED') }),
});

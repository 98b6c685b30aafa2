import { z } from 'zod';
import { endGoal } from '../../engines/performance/goals';
import { defineOperation } from '../defineOperation';
import { GoalView, IdParam, performanceOperation } from './performanceSchemas';

export const cancelGoal = defineOperation({
  ...performanceOperation,
  name: 'cancel_goal',
  method: 'POST',
  path: '/api/performance/goals/{id}/cancel',
  access: 'performance:write',
  summary: 'Cancel a goal: final',
  description: 'The goal’s person, their managers and HR (403 otherwise); 409 unless ACTIVE.',
  input: { params: IdParam },
  output: z.object({ goal: GoalView }),
  idempotent: true,
  mcp: { tool: 'cancel_goal', annotations: { readOnlyHint: false, destructiveHint: true } },
  handler: async (ctx, { params }) => ({ goal: await endGoal(ctx.deps.prisma, ctx.actor, params.id, 'CANCELLED') }),
});

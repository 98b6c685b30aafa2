import { z } from 'zod';
import { getGoal as get } from '../../engines/performance/goals';
import { defineOperation } from '../defineOperation';
import { GoalView, IdParam, performanceOperation } from './performanceSchemas';

export const getGoal = defineOperation({
  ...performanceOperation,
  name: 'get_goal',
  method: 'GET',
  path: '/api/performance/goals/{id}',
  access: 'performance:read',
  summary: 'One goal with its key results and progress (404 for someone you may not see)',
  description:
    "Use it to read one goal: its title, description, owner, period, due date, status, progress, and each key result's start, current and target values.",
  input: { params: IdParam },
  output: z.object({ goal: GoalView }),
  mcp: { tool: 'get_goal', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({ goal: await get(ctx.deps.prisma, ctx.actor, params.id) }),
});

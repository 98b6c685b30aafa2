import { z } from 'zod';
import { listGoals as list } from '../../engines/performance/goals';
import { defineOperation } from '../defineOperation';
import { GoalPeriod, GoalStatus, GoalView, NextCursor, PageQuery, performanceOperation } from './performanceSchemas';

export const listGoals = defineOperation({
  ...performanceOperation,
  name: 'list_goals',
  method: 'GET',
  path: '/api/performance/goals',
  access: 'performance:read',
  summary: 'Goals of the people you see, with their progress, newest first',
  description:
    "Use it to find goals by person, period or status, with each goal's key results and its progress in percent.",
  input: {
    query: z.strictObject({
      employeeId: z.uuid().optional().describe('only this person’s'),
      period: GoalPeriod.optional(),
      status: GoalStatus.optional().describe('only goals in this status: ACTIVE, COMPLETED or CANCELLED'),
      ...PageQuery,
    }),
  },
  output: z.object({ goals: z.array(GoalView), nextCursor: NextCursor }),
  mcp: { tool: 'list_goals', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    list(ctx.deps.prisma, ctx.actor, {
      employeeId: query.employeeId,
      period: query.period,
      status: query.status,
      limit: query.limit,
      after: query.cursor,
    }),
});

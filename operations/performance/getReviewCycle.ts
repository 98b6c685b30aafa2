import { z } from 'zod';
import { getReviewCycle as get } from '../../engines/performance/reviewCycles';
import { defineOperation } from '../defineOperation';
import { IdParam, ReviewCycleView, performanceOperation } from './performanceSchemas';

export const getReviewCycle = defineOperation({
  ...performanceOperation,
  name: 'get_review_cycle',
  method: 'GET',
  path: '/api/performance/cycles/{id}',
  access: 'performance:read',
  summary: 'One review cycle (404 for a draft unless HR)',
  description:
    'Use it to read one review cycle: its period, when it opens and closes, the kinds of review, the questions, the department it covers and its status.',
  input: { params: IdParam },
  output: z.object({ cycle: ReviewCycleView }),
  mcp: { tool: 'get_review_cycle', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({ cycle: await get(ctx.deps.prisma, ctx.actor, params.id) }),
});

import { z } from 'zod';
import { listReviewCycles as list } from '../../engines/performance/reviewCycles';
import { defineOperation } from '../defineOperation';
import { NextCursor, PageQuery, ReviewCycleStatus, ReviewCycleView, performanceOperation } from './performanceSchemas';

export const listReviewCycles = defineOperation({
  ...performanceOperation,
  name: 'list_review_cycles',
  method: 'GET',
  path: '/api/performance/cycles',
  access: 'performance:read',
  summary: 'Review cycles, newest first (drafts: HR only)',
  description:
    "Use it to find performance review cycles by status, with each cycle's period, the days it opens and closes, its kinds of review and its questions; a cycle's id is what the review tools take.",
  input: {
    query: z.strictObject({
      status: ReviewCycleStatus.optional().describe('only cycles in this status'),
      ...PageQuery,
    }),
  },
  output: z.object({ cycles: z.array(ReviewCycleView), nextCursor: NextCursor }),
  mcp: { tool: 'list_review_cycles', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    list(ctx.deps.prisma, ctx.actor, { status: query.status, limit: query.limit, after: query.cursor }),
});

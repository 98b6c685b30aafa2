import { z } from 'zod';
import { listReviews as list } from '../../engines/performance/reviews';
import { defineOperation } from '../defineOperation';
import { NextCursor, PageQuery, ReviewStatus, ReviewView, performanceOperation } from './performanceSchemas';

export const listReviews = defineOperation({
  ...performanceOperation,
  name: 'list_reviews',
  method: 'GET',
  path: '/api/performance/reviews',
  access: 'performance:read',
  summary: 'Reviews you may read: the ones you write (reviewer=me), the ones about a person',
  description:
    'HR and the person’s managers up the line read every review in full; a reviewer reads what they write; the ' +
    'person reviewed reads the other reviews of them without answers and rating until the cycle is released.',
  input: {
    query: z.strictObject({
      reviewer: z.literal('me').optional().describe('me: only the reviews you write'),
      subjectId: z.uuid().optional().describe('only the reviews of this person'),
      cycleId: z.uuid().optional().describe('only this cycle’s'),
      status: ReviewStatus.optional().describe('only reviews in this status: OPEN, SUBMITTED or EXPIRED'),
      ...PageQuery,
    }),
  },
  output: z.object({ reviews: z.array(ReviewView), nextCursor: NextCursor }),
  mcp: { tool: 'list_reviews', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    list(ctx.deps.prisma, ctx.actor, {
      reviewer: query.reviewer,
      subjectId: query.subjectId,
      cycleId: query.cycleId,
      status: query.status,
      limit: query.limit,
      after: query.cursor,
    }),
});

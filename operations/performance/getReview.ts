import { z } from 'zod';
import { getReview as get } from '../../engines/performance/reviews';
import { defineOperation } from '../defineOperation';
import { IdParam, ReviewView, performanceOperation } from './performanceSchemas';

export const getReview = defineOperation({
  ...performanceOperation,
  name: 'get_review',
  method: 'GET',
  path: '/api/performance/reviews/{id}',
  access: 'performance:read',
  summary: 'One review you may read (404 otherwise); answers and rating as the rating rule allows',
  description:
    'Use it to read one performance review: the person reviewed, the reviewer, its kind and status, the answers, and the rating once the cycle allows it to be seen.',
  input: { params: IdParam },
  output: z.object({ review: ReviewView }),
  mcp: { tool: 'get_review', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({ review: await get(ctx.deps.prisma, ctx.actor, params.id) }),
});

import { z } from 'zod';
import { writeReview } from '../../engines/performance/reviews';
import { defineOperation } from '../defineOperation';
import { Answers, IdParam, Rating, ReviewView, performanceOperation } from './performanceSchemas';

export const saveReview = defineOperation({
  ...performanceOperation,
  name: 'save_review',
  method: 'PATCH',
  path: '/api/performance/reviews/{id}',
  access: 'performance:write',
  summary: 'Save answers and the overall rating of a review you write, while it is open',
  description:
    'Given answers replace those of the same questions; `rating: null` clears the overall rating. Only its reviewer ' +
    '(403); 409 once submitted or expired, or while the cycle is not OPEN.',
  input: {
    params: IdParam,
    body: z.strictObject({
      answers: Answers.optional(),
      rating: Rating.nullable().optional().describe('the overall rating, 1 to 5'),
    }),
  },
  output: z.object({ review: ReviewView }),
  idempotent: true,
  mcp: { tool: 'save_review', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({
    review: await writeReview(ctx.deps.prisma, ctx.actor, params.id, body, { submit: false }),
  }),
});

import { z } from 'zod';
import { writeReview } from '../../engines/performance/reviews';
import { defineOperation } from '../defineOperation';
import { Answers, IdParam, Rating, ReviewView, performanceOperation } from './performanceSchemas';

export const submitReview = defineOperation({
  ...performanceOperation,
  name: 'submit_review',
  method: 'POST',
  path: '/api/performance/reviews/{id}/submit',
  access: 'performance:write',
  summary: 'Submit a review you write: final once submitted',
  description:
    'Takes last answers as save_review does; every rating question and the overall rating are then required (400 ' +
    'naming the first missing). Only its reviewer (403); 409 once submitted or expired, or while the cycle is not OPEN.',
  input: {
    params: IdParam,
    body: z
      .strictObject({
        answers: Answers.optional(),
        rating: Rating.optional().describe('the overall rating, 1 to 5'),
      })
      .optional(),
  },
  output: z.object({ review: ReviewView }),
  idempotent: true,
  mcp: { tool: 'submit_review', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({
    review: await writeReview(ctx.deps.prisma, ctx.actor, params.id, body ?? {}, { submit: true }),
  }),
});

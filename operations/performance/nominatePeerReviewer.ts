import { z } from 'zod';
import { nominatePeerReviewer as nominate } from '../../engines/performance/reviews';
import { defineOperation } from '../defineOperation';
import { IdParam, ReviewView, performanceOperation } from './performanceSchemas';

export const nominatePeerReviewer = defineOperation({
  ...performanceOperation,
  name: 'nominate_peer_reviewer',
  method: 'POST',
  path: '/api/performance/cycles/{id}/peer-reviews',
  access: 'performance:write',
  summary: 'Ask a peer to review someone in an open cycle: HR, or a manager of the person',
  description:
    'The person must take part in the cycle (400 naming subjectId), the peer be another current employee (400 ' +
    'naming reviewerId). 409 unless the cycle is OPEN with peer reviews, or when that peer was asked already.',
  input: {
    params: IdParam,
    body: z.strictObject({
      subjectId: z.uuid().describe('the person reviewed'),
      reviewerId: z.uuid().describe('the peer (an employee) who writes the review'),
    }),
  },
  output: z.object({ review: ReviewView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'nominate_peer_reviewer', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({
    review: await nominate(ctx.deps.prisma, ctx.actor, params.id, body),
  }),
});

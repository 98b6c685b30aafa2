import { z } from 'zod';
import { releaseReviewCycle as release } from '../../engines/performance/reviewCycles';
import { defineOperation } from '../defineOperation';
import { IdParam, ReviewCycleView, performanceOperation } from './performanceSchemas';

export const releaseReviewCycle = defineOperation({
  ...performanceOperation,
  name: 'release_review_cycle',
  method: 'POST',
  path: '/api/performance/cycles/{id}/release',
  access: 'performance:write',
  summary: 'Release a closed review cycle (HR): each person then reads the reviews of them, ratings included',
  description: 'CLOSED to RELEASED; the people reviewed are told. 409 in any other status.',
  input: { params: IdParam },
  output: z.object({ cycle: ReviewCycleView }),
  idempotent: true,
  mcp: { tool: 'release_review_cycle', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params }) => ({ cycle: await release(ctx.deps.prisma, ctx.actor, params.id) }),
});

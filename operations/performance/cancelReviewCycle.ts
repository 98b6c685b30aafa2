import { z } from 'zod';
import { cancelReviewCycle as cancel } from '../../engines/performance/reviewCycles';
import { defineOperation } from '../defineOperation';
import { IdParam, ReviewCycleView, performanceOperation } from './performanceSchemas';

export const cancelReviewCycle = defineOperation({
  ...performanceOperation,
  name: 'cancel_review_cycle',
  method: 'POST',
  path: '/api/performance/cycles/{id}/cancel',
  access: 'performance:write',
  summary: 'Cancel a review cycle not closed yet (HR): its open reviews expire',
  description: 'DRAFT, SCHEDULED or OPEN to CANCELLED; its workflow ends. 409 once CLOSED, RELEASED or CANCELLED.',
  input: { params: IdParam },
  output: z.object({ cycle: ReviewCycleView }),
  idempotent: true,
  mcp: { tool: 'cancel_review_cycle', annotations: { readOnlyHint: false, destructiveHint: true } },
  handler: async (ctx, { params }) => {
    const cycle = await cancel(ctx.deps.prisma, ctx.actor, params.id);
    await ctx.deps.reviewCycles
      ?.notify({ tenantId: ctx.actor.tenant.id, cycleId: cycle.id })
      .catch((err: unknown) => ctx.log.warn({ err }, 'review cycle workflow not told of the cancellation'));
    return { cycle };
  },
});

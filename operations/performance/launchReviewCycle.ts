import { z } from 'zod';
import { startReviewCycleWorkflow } from '../../engines/performance/reviewCyclePort';
import { launchReviewCycle as launch } from '../../engines/performance/reviewCycles';
import { defineOperation } from '../defineOperation';
import { IdParam, ReviewCycleView, performanceOperation } from './performanceSchemas';

export const launchReviewCycle = defineOperation({
  ...performanceOperation,
  name: 'launch_review_cycle',
  method: 'POST',
  path: '/api/performance/cycles/{id}/launch',
  access: 'performance:write',
  summary: 'Launch a draft review cycle (HR): its workflow opens the reviews on opensOn, reminds once, closes',
  description:
    'DRAFT to SCHEDULED. The workflow `review-cycle/<tenant>/<id>` opens a self review per participant and a ' +
    'manager review by each one’s manager when opensOn begins, reminds the reviewers of open reviews three days ' +
    'before the close, and closes the cycle when the day after closesOn begins. Launching a SCHEDULED cycle again ' +
    'answers it as it is. 409 in other statuses, or once closesOn has passed.',
  input: { params: IdParam },
  output: z.object({ cycle: ReviewCycleView }),
  idempotent: true,
  mcp: { tool: 'launch_review_cycle', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params }) => ({
    cycle: await launch(ctx.deps.prisma, ctx.actor, params.id, {
      clock: ctx.deps.config.clock,
      start: async (ref) => {
        await startReviewCycleWorkflow(ctx.deps.prisma, ctx.deps.reviewCycles, ref, ctx.log);
      },
    }),
  }),
});

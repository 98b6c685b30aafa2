import { z } from 'zod';
import { createReviewCycle as create } from '../../engines/performance/reviewCycles';
import { defineOperation } from '../defineOperation';
import { IsoDateString, ReviewCycleView, ReviewKind, ReviewQuestion, performanceOperation } from './performanceSchemas';

export const createReviewCycle = defineOperation({
  ...performanceOperation,
  name: 'create_review_cycle',
  method: 'POST',
  path: '/api/performance/cycles',
  access: 'performance:write',
  summary: 'Create a review cycle as a draft (HR): the period, when it opens and closes, its kinds and questions',
  description:
    'HR_MANAGER, ADMIN and OWNER. opensOn today or later (at most two years ahead), closesOn on or after it (open ' +
    'at most 366 days); the period in order. Launch it with POST /api/performance/cycles/{id}/launch.',
  input: {
    body: z.strictObject({
      name: z.string().trim().min(1).max(200).describe('e.g. "2026 H2 review"'),
      periodStart: IsoDateString.describe('YYYY-MM-DD: the first day of the period reviewed'),
      periodEnd: IsoDateString.describe('YYYY-MM-DD: the last day of the period reviewed'),
      opensOn: IsoDateString.describe('YYYY-MM-DD, today or later: the reviews open when this day begins'),
      closesOn: IsoDateString.describe('YYYY-MM-DD: the last day to submit; unsubmitted reviews expire after it'),
      reviewKinds: z
        .array(ReviewKind)
        .min(1)
        .max(3)
        .describe('which reviews: self (each participant), manager (by their manager), peer (nominated later)'),
      questions: z.array(ReviewQuestion).min(1).max(30).describe('1 to 30 questions'),
      departmentId: z.uuid().optional().describe('only this department takes part; default: everyone employed'),
    }),
  },
  output: z.object({ cycle: ReviewCycleView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'create_review_cycle', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => ({
    cycle: await create(ctx.deps.prisma, ctx.actor, body, ctx.deps.config.clock),
  }),
});

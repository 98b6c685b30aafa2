import { z } from 'zod';
import { cancelEnrolment as cancel } from '../../engines/learning/enrolments';
import { defineOperation } from '../defineOperation';
import { EnrolmentView, IdParam, learningOperation } from './learningSchemas';

export const cancelEnrolment = defineOperation({
  ...learningOperation,
  name: 'cancel_enrolment',
  method: 'POST',
  path: '/api/learning/enrolments/{id}/cancel',
  access: 'learning:write',
  summary: 'Cancel an enrolment: your own, one you made, or any as HR; frees its seat',
  description: 'A required training is cancelled only by HR (403). 404 when you cannot see it; 409 unless ENROLLED.',
  input: { params: IdParam },
  output: z.object({ enrolment: EnrolmentView }),
  idempotent: true,
  mcp: { tool: 'cancel_enrolment', annotations: { readOnlyHint: false, destructiveHint: true } },
  handler: async (ctx, { params }) => ({
    enrolment: await cancel(ctx.deps.prisma, ctx.actor, params.id, ctx.deps.config.clock),
  }),
});

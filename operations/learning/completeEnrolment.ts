import { z } from 'zod';
import { completeEnrolment as complete } from '../../engines/learning/enrolments';
import { defineOperation } from '../defineOperation';
import { EnrolmentView, IdParam, learningOperation } from './learningSchemas';

export const completeEnrolment = defineOperation({
  ...learningOperation,
  name: 'complete_enrolment',
  method: 'POST',
  path: '/api/learning/enrolments/{id}/complete',
  access: 'learning:write',
  summary: 'Record that a course was completed, now: your own, or anyone’s as HR',
  description:
    '403 for someone else’s unless HR; 404 when you cannot see it; 409 unless ENROLLED, or while its session has ' +
    'not begun. A course with validityMonths is due again once the completion expires (`validUntil`).',
  input: { params: IdParam },
  output: z.object({ enrolment: EnrolmentView }),
  idempotent: true,
  mcp: { tool: 'complete_enrolment', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params }) => ({
    enrolment: await complete(ctx.deps.prisma, ctx.actor, params.id, ctx.deps.config.clock),
  }),
});

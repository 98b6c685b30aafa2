import { z } from 'zod';
import { getEnrolment as get } from '../../engines/learning/enrolments';
import { defineOperation } from '../defineOperation';
import { EnrolmentView, IdParam, learningOperation } from './learningSchemas';

export const getEnrolment = defineOperation({
  ...learningOperation,
  name: 'get_enrolment',
  method: 'GET',
  path: '/api/learning/enrolments/{id}',
  access: 'learning:read',
  summary: 'One enrolment of someone you see (404 otherwise)',
  description:
    "Use it to read one person's enrolment in a course: its status, due date, whether it is overdue, when it was completed and until when that stays valid.",
  input: { params: IdParam },
  output: z.object({ enrolment: EnrolmentView }),
  mcp: { tool: 'get_enrolment', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({
    enrolment: await get(ctx.deps.prisma, ctx.actor, params.id, ctx.deps.config.clock),
  }),
});

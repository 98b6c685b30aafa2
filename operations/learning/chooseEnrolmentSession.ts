import { z } from 'zod';
import { chooseEnrolmentSession as choose } from '../../engines/learning/enrolments';
import { defineOperation } from '../defineOperation';
import { EnrolmentView, IdParam, learningOperation } from './learningSchemas';

export const chooseEnrolmentSession = defineOperation({
  ...learningOperation,
  name: 'choose_enrolment_session',
  method: 'PATCH',
  path: '/api/learning/enrolments/{id}',
  access: 'learning:write',
  summary: 'Choose, change or drop the session of an enrolment (a required training’s date, too)',
  description:
    'The person, who enrolled them, or HR (403 otherwise); 404 when you cannot see it. 409 unless ENROLLED, and ' +
    'when the session is full or has begun; 400 naming sessionId for a session of another course.',
  input: {
    params: IdParam,
    body: z.strictObject({
      sessionId: z.uuid().nullable().describe('a session of the course (GET .../courses/{id}/sessions); null: none'),
    }),
  },
  output: z.object({ enrolment: EnrolmentView }),
  idempotent: true,
  mcp: { tool: 'choose_enrolment_session', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({
    enrolment: await choose(ctx.deps.prisma, ctx.actor, params.id, body.sessionId, ctx.deps.config.clock),
  }),
});

import { z } from 'zod';
import { createCourseSession as create } from '../../engines/learning/courseSessions';
import { defineOperation } from '../defineOperation';
import { IdParam, SessionView, learningOperation, sessionFields } from './learningSchemas';

export const createCourseSession = defineOperation({
  ...learningOperation,
  name: 'create_course_session',
  method: 'POST',
  path: '/api/learning/courses/{id}/sessions',
  access: 'learning:write',
  summary: 'Schedule a session of a course (HR): when, where, how many seats',
  description: 'HR_MANAGER, ADMIN and OWNER only. 400 when it ends before it begins; 409 for an inactive course.',
  input: {
    params: IdParam,
    body: z.strictObject({
      startsAt: sessionFields.startsAt,
      endsAt: sessionFields.endsAt,
      location: sessionFields.location.optional(),
      capacity: sessionFields.capacity.optional(),
    }),
  },
  output: z.object({ session: SessionView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'create_course_session', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({ session: await create(ctx.deps.prisma, ctx.actor, params.id, body) }),
});

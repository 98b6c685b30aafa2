import { z } from 'zod';
import { updateCourseSession as update } from '../../engines/learning/courseSessions';
import { defineOperation } from '../defineOperation';
import { IdParam, SessionView, learningOperation, sessionFields } from './learningSchemas';

export const updateCourseSession = defineOperation({
  ...learningOperation,
  name: 'update_course_session',
  method: 'PATCH',
  path: '/api/learning/sessions/{id}',
  access: 'learning:write',
  summary: 'Move a session, change its place or its seats (HR)',
  description: 'HR_MANAGER, ADMIN and OWNER only. 409 for a capacity below the seats already taken.',
  input: {
    params: IdParam,
    body: z
      .strictObject({
        startsAt: sessionFields.startsAt.optional(),
        endsAt: sessionFields.endsAt.optional(),
        location: sessionFields.location.optional(),
        capacity: sessionFields.capacity.optional(),
      })
      .refine((b) => Object.keys(b).length > 0, 'send at least one field to change'),
  },
  output: z.object({ session: SessionView }),
  idempotent: true,
  mcp: { tool: 'update_course_session', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({ session: await update(ctx.deps.prisma, ctx.actor, params.id, body) }),
});

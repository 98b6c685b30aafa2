import { z } from 'zod';
import { updateCourse as update } from '../../engines/learning/courses';
import { defineOperation } from '../defineOperation';
import { CourseView, IdParam, courseFields, learningOperation } from './learningSchemas';

export const updateCourse = defineOperation({
  ...learningOperation,
  name: 'update_course',
  method: 'PATCH',
  path: '/api/learning/courses/{id}',
  access: 'learning:write',
  summary: 'Change or deactivate a course (HR)',
  description:
    'HR_MANAGER, ADMIN and OWNER only. `active: false` deactivates it: nobody enrols any more and no requirement ' +
    'assigns it; enrolments made stay. 409 when the new title is taken.',
  input: {
    params: IdParam,
    body: z
      .strictObject({
        title: courseFields.title.optional(),
        description: courseFields.description.optional(),
        provider: courseFields.provider.optional(),
        durationMinutes: courseFields.durationMinutes.optional(),
        validityMonths: courseFields.validityMonths.optional(),
        active: z.boolean().optional().describe('false: deactivate; true: activate again'),
      })
      .refine((b) => Object.keys(b).length > 0, 'send at least one field to change'),
  },
  output: z.object({ course: CourseView }),
  idempotent: true,
  mcp: { tool: 'update_course', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({ course: await update(ctx.deps.prisma, ctx.actor, params.id, body) }),
});

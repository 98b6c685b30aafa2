import { z } from 'zod';
import { createCourse as create } from '../../engines/learning/courses';
import { defineOperation } from '../defineOperation';
import { CourseView, courseFields, learningOperation } from './learningSchemas';

export const createCourse = defineOperation({
  ...learningOperation,
  name: 'create_course',
  method: 'POST',
  path: '/api/learning/courses',
  access: 'learning:write',
  summary: 'Add a course to the workspace’s catalogue (HR)',
  description: 'HR_MANAGER, ADMIN and OWNER only. 409 when the title is taken.',
  input: {
    body: z.strictObject({
      title: courseFields.title,
      description: courseFields.description.optional(),
      provider: courseFields.provider.optional(),
      durationMinutes: courseFields.durationMinutes.optional(),
      validityMonths: courseFields.validityMonths.optional(),
    }),
  },
  output: z.object({ course: CourseView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'create_course', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => ({ course: await create(ctx.deps.prisma, ctx.actor, body) }),
});

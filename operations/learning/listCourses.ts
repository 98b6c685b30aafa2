import { z } from 'zod';
import { listCourses as list } from '../../engines/learning/courses';
import { defineOperation } from '../defineOperation';
import { CourseView, Cursor, Limit, NextCursor, learningOperation } from './learningSchemas';

export const listCourses = defineOperation({
  ...learningOperation,
  name: 'list_courses',
  method: 'GET',
  path: '/api/learning/courses',
  access: 'learning:read',
  summary: 'The workspace’s courses, a page at a time',
  description:
    "Use it to see which training courses exist (title, description, provider, duration, how long a completion stays valid); each course's id is what the enrolment tools take.",
  input: {
    query: z.strictObject({
      active: z
        .enum(['true', 'false'])
        .optional()
        .transform((v) => (v === undefined ? undefined : v === 'true'))
        .describe('true: only active courses; false: only deactivated ones; absent: all'),
      limit: Limit,
      cursor: Cursor,
    }),
  },
  output: z.object({ courses: z.array(CourseView), nextCursor: NextCursor }),
  mcp: { tool: 'list_courses', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    list(ctx.deps.prisma, ctx.actor, { active: query.active, limit: query.limit, after: query.cursor }),
});

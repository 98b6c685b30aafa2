import { z } from 'zod';
import { listEnrolments as list } from '../../engines/learning/enrolments';
import { defineOperation } from '../defineOperation';
import { Cursor, EnrolmentStatus, EnrolmentView, Limit, NextCursor, learningOperation } from './learningSchemas';

export const listEnrolments = defineOperation({
  ...learningOperation,
  name: 'list_enrolments',
  method: 'GET',
  path: '/api/learning/enrolments',
  access: 'learning:read',
  summary: 'Enrolments of the people you see, newest first; `overdue=true`: the trainings overdue',
  description:
    'Your own as an employee, your team’s as a manager, your department’s as a director, everyone’s as HR. ' +
    '`overdue=true` lists ENROLLED trainings whose due date has passed in the workspace’s calendar.',
  input: {
    query: z.strictObject({
      employeeId: z.uuid().optional().describe('only this person’s'),
      courseId: z.uuid().optional().describe('only this course’s'),
      status: EnrolmentStatus.optional().describe('only enrolments in this status'),
      overdue: z
        .enum(['true', 'false'])
        .optional()
        .transform((v) => (v === undefined ? undefined : v === 'true'))
        .describe('true: only overdue trainings; false: only those not overdue'),
      limit: Limit,
      cursor: Cursor,
    }),
  },
  output: z.object({ enrolments: z.array(EnrolmentView), nextCursor: NextCursor }),
  mcp: { tool: 'list_enrolments', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    list(
      ctx.deps.prisma,
      ctx.actor,
      {
        employeeId: query.employeeId,
        courseId: query.courseId,
        status: query.status,
        overdue: query.overdue,
        limit: query.limit,
        after: query.cursor,
      },
      ctx.deps.config.clock,
    ),
});

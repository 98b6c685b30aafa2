import { z } from 'zod';
import { enrol } from '../../engines/learning/enrolments';
import { defineOperation } from '../defineOperation';
import { EnrolmentView, learningOperation } from './learningSchemas';

export const createEnrolment = defineOperation({
  ...learningOperation,
  name: 'create_enrolment',
  method: 'POST',
  path: '/api/learning/enrolments',
  access: 'learning:write',
  summary: 'Enrol yourself, or someone you see as their manager, director or HR, in a course and maybe a session',
  description:
    'An employee enrols only themself (403 otherwise); 404 for a person you may not see. 409 when the course is ' +
    'inactive, the session is full or has begun, or the person already has an active enrolment in the course.',
  input: {
    body: z.strictObject({
      courseId: z.uuid().describe('the course (GET /api/learning/courses)'),
      sessionId: z.uuid().optional().describe('one of its sessions (GET /api/learning/courses/{id}/sessions)'),
      employeeId: z.uuid().optional().describe('whom to enrol; default yourself'),
    }),
  },
  output: z.object({ enrolment: EnrolmentView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'create_enrolment', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => ({
    enrolment: await enrol(ctx.deps.prisma, ctx.actor, body, ctx.deps.config.clock),
  }),
});

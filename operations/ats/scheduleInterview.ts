import { z } from 'zod';
import { interviewKinds, scheduleInterview as schedule } from '../../engines/ats/interviews';
import { defineOperation } from '../defineOperation';
import { Timestamp } from '../timeTracking/timeSchemas';
import { IdParam, InterviewView, atsOperation } from './atsSchemas';

export const scheduleInterview = defineOperation({
  ...atsOperation,
  name: 'schedule_interview',
  method: 'POST',
  path: '/api/ats/applications/{id}/interviews',
  access: 'ats:write',
  summary: 'Schedule an interview of an active application (its recruiting team); the interviewers are told',
  description:
    'At most 366 days ahead (or 30 days back, to record one held already). Interviewers are employees of the ' +
    'workspace; from then on they read the application and give feedback once each.',
  input: {
    params: IdParam,
    body: z.strictObject({
      kind: z.enum(interviewKinds).describe(interviewKinds.join(', ')),
      scheduledAt: Timestamp.describe('when it begins, ISO 8601 with a zone'),
      durationMinutes: z.number().int().min(5).max(480).describe('5 to 480 minutes'),
      interviewerIds: z
        .array(z.uuid())
        .min(1)
        .max(10)
        .refine((ids) => new Set(ids).size === ids.length, 'each interviewer is listed once')
        .describe('the employees who interview, 1 to 10'),
      location: z.string().trim().min(1).max(500).optional().describe('a room, an address or a video link'),
    }),
  },
  output: z.object({ interview: InterviewView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'schedule_interview', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({
    interview: await schedule(ctx.deps.prisma, ctx.actor, params.id, body, ctx.deps.config.clock),
  }),
});

import { z } from 'zod';
import { recommendations, submitInterviewFeedback as submit } from '../../engines/ats/interviews';
import { defineOperation } from '../defineOperation';
import { IdParam, InterviewView, atsOperation } from './atsSchemas';

export const submitInterviewFeedback = defineOperation({
  ...atsOperation,
  name: 'submit_interview_feedback',
  method: 'POST',
  path: '/api/ats/interviews/{id}/feedback',
  access: 'ats:write',
  summary: 'Give your feedback on an interview you are an interviewer of, once',
  description: '403 unless the interview lists you; 409 the second time, or on a CANCELLED interview.',
  input: {
    params: IdParam,
    body: z.strictObject({
      recommendation: z.enum(recommendations).describe(recommendations.join(', ')),
      notes: z.string().trim().min(1).max(10_000).optional().describe('the scorecard’s notes, up to 10000 characters'),
    }),
  },
  output: z.object({ interview: InterviewView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'submit_interview_feedback', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({ interview: await submit(ctx.deps.prisma, ctx.actor, params.id, body) }),
});

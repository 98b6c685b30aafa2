import { z } from 'zod';
import { completeInterview as complete } from '../../engines/ats/interviews';
import { defineOperation } from '../defineOperation';
import { IdParam, InterviewView, atsOperation } from './atsSchemas';

export const completeInterview = defineOperation({
  ...atsOperation,
  name: 'complete_interview',
  method: 'POST',
  path: '/api/ats/interviews/{id}/complete',
  access: 'ats:write',
  summary: 'Mark a SCHEDULED interview as held (its recruiting team)',
  description: '409 naming the status unless SCHEDULED. Feedback is taken before and after.',
  input: { params: IdParam },
  output: z.object({ interview: InterviewView }),
  idempotent: true,
  mcp: { tool: 'complete_interview', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params }) => ({ interview: await complete(ctx.deps.prisma, ctx.actor, params.id) }),
});

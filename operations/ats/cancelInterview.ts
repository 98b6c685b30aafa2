import { z } from 'zod';
import { cancelInterview as cancel } from '../../engines/ats/interviews';
import { defineOperation } from '../defineOperation';
import { IdParam, InterviewView, atsOperation } from './atsSchemas';

export const cancelInterview = defineOperation({
  ...atsOperation,
  name: 'cancel_interview',
  method: 'POST',
  path: '/api/ats/interviews/{id}/cancel',
  access: 'ats:write',
  summary: 'Call off a SCHEDULED interview (its recruiting team); the interviewers are told',
  description: '409 naming the status unless SCHEDULED.',
  input: { params: IdParam },
  output: z.object({ interview: InterviewView }),
  idempotent: true,
  mcp: { tool: 'cancel_interview', annotations: { readOnlyHint: false, destructiveHint: true } },
  handler: async (ctx, { params }) => ({ interview: await cancel(ctx.deps.prisma, ctx.actor, params.id) }),
});

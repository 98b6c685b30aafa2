import { z } from 'zod';
import { getApplication as get } from '../../engines/ats/applications';
import { defineOperation } from '../defineOperation';
import { ApplicationView, IdParam, atsOperation } from './atsSchemas';

export const getApplication = defineOperation({
  ...atsOperation,
  name: 'get_application',
  method: 'GET',
  path: '/api/ats/applications/{id}',
  access: 'ats:read',
  summary: 'One application with its candidate, stage history, interviews and offers (404 unless you may read it)',
  description: 'An interviewer reads their own interviews and feedback, not the offers.',
  input: { params: IdParam },
  output: z.object({ application: ApplicationView }),
  mcp: { tool: 'get_application', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({ application: await get(ctx.deps.prisma, ctx.actor, params.id) }),
});

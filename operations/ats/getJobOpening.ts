import { z } from 'zod';
import { getJobOpening as get } from '../../engines/ats/jobOpenings';
import { defineOperation } from '../defineOperation';
import { IdParam, JobOpeningView, atsOperation } from './atsSchemas';

export const getJobOpening = defineOperation({
  ...atsOperation,
  name: 'get_job_opening',
  method: 'GET',
  path: '/api/ats/openings/{id}',
  access: 'ats:read',
  summary: 'One job opening you may read (404 otherwise)',
  description:
    'Use it to read a job opening: title, description, department, location, employment type, hiring manager, recruiters, openings and how many are hired, and its status.',
  input: { params: IdParam },
  output: z.object({ opening: JobOpeningView }),
  mcp: { tool: 'get_job_opening', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({ opening: await get(ctx.deps.prisma, ctx.actor, params.id) }),
});

import { z } from 'zod';
import { setJobOpeningStatus as setStatus } from '../../engines/ats/jobOpenings';
import { defineOperation } from '../defineOperation';
import { IdParam, JobOpeningView, OpeningStatus, atsOperation } from './atsSchemas';

export const setJobOpeningStatus = defineOperation({
  ...atsOperation,
  name: 'set_job_opening_status',
  method: 'POST',
  path: '/api/ats/openings/{id}/status',
  access: 'ats:write',
  summary: 'Publish, pause, reopen or close a job opening: HR, or its hiring manager',
  description:
    'DRAFT → OPEN or CLOSED; OPEN → ON_HOLD or CLOSED; ON_HOLD → OPEN or CLOSED; CLOSED is final. 409 names the ' +
    'current status. Only an OPEN opening takes applications; its pipeline goes on while ON_HOLD.',
  input: { params: IdParam, body: z.strictObject({ status: OpeningStatus.describe('the new status') }) },
  output: z.object({ opening: JobOpeningView }),
  idempotent: true,
  mcp: { tool: 'set_job_opening_status', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({
    opening: await setStatus(ctx.deps.prisma, ctx.actor, params.id, body.status),
  }),
});

import { z } from 'zod';
import { createJobOpening as create } from '../../engines/ats/jobOpenings';
import { defineOperation } from '../defineOperation';
import { JobOpeningView, atsOperation } from './atsSchemas';
import { openingFields } from './openingBody';

export const createJobOpening = defineOperation({
  ...atsOperation,
  name: 'create_job_opening',
  method: 'POST',
  path: '/api/ats/openings',
  access: 'ats:write',
  summary: 'Open a job opening (HR_MANAGER, ADMIN, OWNER): a DRAFT, or OPEN at once',
  description: 'The hiring manager and recruiters must be employees of the workspace (400 naming the field).',
  input: {
    body: z.strictObject({
      title: openingFields.title,
      description: openingFields.description.optional(),
      departmentId: openingFields.departmentId.optional(),
      locationId: openingFields.locationId.optional(),
      employmentType: openingFields.employmentType.default('full_time'),
      hiringManagerId: openingFields.hiringManagerId,
      recruiterIds: openingFields.recruiterIds.default([]),
      openings: openingFields.openings.default(1),
      status: z.enum(['DRAFT', 'OPEN']).default('DRAFT').describe('DRAFT (default) or OPEN'),
    }),
  },
  output: z.object({ opening: JobOpeningView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'create_job_opening', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => ({ opening: await create(ctx.deps.prisma, ctx.actor, body) }),
});

import { z } from 'zod';
import { updateJobOpening as update } from '../../engines/ats/jobOpenings';
import { defineOperation } from '../defineOperation';
import { IdParam, JobOpeningView, atsOperation } from './atsSchemas';
import { openingFields } from './openingBody';

export const updateJobOpening = defineOperation({
  ...atsOperation,
  name: 'update_job_opening',
  method: 'PATCH',
  path: '/api/ats/openings/{id}',
  access: 'ats:write',
  summary: 'Change a job opening: HR, or its hiring manager (only HR hands it to another hiring manager)',
  description: '409 once CLOSED; `openings` is at least the number already hired.',
  input: {
    params: IdParam,
    body: z
      .strictObject({
        title: openingFields.title.optional(),
        description: openingFields.description.optional(),
        departmentId: openingFields.departmentId.optional(),
        locationId: openingFields.locationId.optional(),
        employmentType: openingFields.employmentType.optional(),
        hiringManagerId: openingFields.hiringManagerId.optional(),
        recruiterIds: openingFields.recruiterIds.optional(),
        openings: openingFields.openings.optional(),
      })
      .refine((b) => Object.keys(b).length > 0, 'name at least one field to change'),
  },
  output: z.object({ opening: JobOpeningView }),
  idempotent: true,
  mcp: { tool: 'update_job_opening', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({ opening: await update(ctx.deps.prisma, ctx.actor, params.id, body) }),
});

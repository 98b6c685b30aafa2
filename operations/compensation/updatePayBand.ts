import { z } from 'zod';
import { updatePayBand as updateBand } from '../../engines/compensation/payBands';
import { defineOperation } from '../defineOperation';
import { payBandFields } from './payBandBody';
import { IdParam, PayBandView, compensationOperation } from './compensationSchemas';

export const updatePayBand = defineOperation({
  ...compensationOperation,
  name: 'update_pay_band',
  method: 'PATCH',
  path: '/api/compensation/pay-bands/{id}',
  access: 'compensation:write',
  summary: 'Change a pay band (HR): its name, job, currency or range',
  description: 'HR_MANAGER, ADMIN and OWNER only. Proposals made before keep the warnings they were made with.',
  input: {
    params: IdParam,
    body: z
      .strictObject({
        name: payBandFields.name.optional(),
        jobTitle: payBandFields.jobTitle.optional(),
        currency: payBandFields.currency.optional(),
        minMinor: payBandFields.minMinor.optional(),
        maxMinor: payBandFields.maxMinor.optional(),
      })
      .refine((b) => Object.keys(b).length > 0, 'send at least one field to change'),
  },
  output: z.object({ payBand: PayBandView }),
  idempotent: true,
  mcp: { tool: 'update_pay_band', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({
    payBand: await updateBand(ctx.deps.prisma, ctx.actor, params.id, body),
  }),
});

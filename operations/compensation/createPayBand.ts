import { z } from 'zod';
import { createPayBand as createBand } from '../../engines/compensation/payBands';
import { defineOperation } from '../defineOperation';
import { payBandFields } from './payBandBody';
import { PayBandView, compensationOperation } from './compensationSchemas';

export const createPayBand = defineOperation({
  ...compensationOperation,
  name: 'create_pay_band',
  method: 'POST',
  path: '/api/compensation/pay-bands',
  access: 'compensation:write',
  summary: 'Create a pay band (HR): a yearly salary range for a job',
  description: 'HR_MANAGER, ADMIN and OWNER only. 409 when the name is taken.',
  input: { body: z.strictObject({ ...payBandFields, jobTitle: payBandFields.jobTitle.optional() }) },
  output: z.object({ payBand: PayBandView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'create_pay_band', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => ({ payBand: await createBand(ctx.deps.prisma, ctx.actor, body) }),
});

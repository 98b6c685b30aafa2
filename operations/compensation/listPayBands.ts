import { z } from 'zod';
import { listPayBands as listBands } from '../../engines/compensation/payBands';
import { defineOperation } from '../defineOperation';
import { PayBandView, compensationOperation } from './compensationSchemas';

export const listPayBands = defineOperation({
  ...compensationOperation,
  name: 'list_pay_bands',
  method: 'GET',
  path: '/api/compensation/pay-bands',
  access: 'compensation:read',
  summary: 'The workspace’s pay bands: yearly salary ranges per job',
  description:
    "Use it to check a salary against its job's range: each band's name, job title, and yearly minimum and maximum with their currency.",
  input: {},
  output: z.object({ payBands: z.array(PayBandView) }),
  mcp: { tool: 'list_pay_bands', annotations: { readOnlyHint: true } },
  handler: async (ctx) => ({ payBands: await listBands(ctx.deps.prisma, ctx.actor) }),
});

import { z } from 'zod';
import { endAllowance as end } from '../../engines/compensation/compensationItems';
import { defineOperation } from '../defineOperation';
import { IsoDateString } from '../leave/leaveSchemas';
import { AllowanceView, IdParam, compensationOperation } from './compensationSchemas';

export const endAllowance = defineOperation({
  ...compensationOperation,
  name: 'end_allowance',
  method: 'PATCH',
  path: '/api/compensation/items/{id}',
  access: 'compensation:write',
  summary: 'End an allowance on a day, or make it open-ended again (HR)',
  description: 'HR_MANAGER, ADMIN and OWNER only. 409 for a bonus, and when the change touches a closed pay period.',
  input: {
    params: IdParam,
    body: z.strictObject({
      endDate: IsoDateString.nullable().describe('the allowance’s last day; null: until ended again'),
    }),
  },
  output: z.object({ item: AllowanceView }),
  idempotent: true,
  mcp: { tool: 'end_allowance', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({ item: await end(ctx.deps.prisma, ctx.actor, params.id, body.endDate) }),
});

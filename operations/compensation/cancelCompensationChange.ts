import { z } from 'zod';
import { cancelCompensationChange as cancel } from '../../engines/compensation/compensationChanges';
import { defineOperation } from '../defineOperation';
import { ChangeView, IdParam, compensationOperation } from './compensationSchemas';

export const cancelCompensationChange = defineOperation({
  ...compensationOperation,
  name: 'cancel_compensation_change',
  method: 'POST',
  path: '/api/compensation/changes/{id}/cancel',
  access: 'compensation:write',
  summary: 'Withdraw a compensation change not applied yet: your own proposal, or any as HR',
  description: '403 for someone else’s unless HR, 404 when you cannot read it, 409 once decided otherwise or applied.',
  input: { params: IdParam },
  output: z.object({ change: ChangeView }),
  idempotent: true,
  mcp: { tool: 'cancel_compensation_change', annotations: { readOnlyHint: false, destructiveHint: true } },
  handler: async (ctx, { params }) => {
    const change = await cancel(ctx.deps.prisma, ctx.actor, params.id);
    await ctx.deps.compensationChanges
      ?.notify({ tenantId: ctx.actor.tenant.id, changeId: change.id })
      .catch((err: unknown) => ctx.log.warn({ err }, 'compensation change workflow not told of the withdrawal'));
    return { change };
  },
});

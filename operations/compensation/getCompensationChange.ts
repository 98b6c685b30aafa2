import { z } from 'zod';
import { getCompensationChange as get } from '../../engines/compensation/compensationChanges';
import { defineOperation } from '../defineOperation';
import { ChangeView, IdParam, compensationOperation } from './compensationSchemas';

export const getCompensationChange = defineOperation({
  ...compensationOperation,
  name: 'get_compensation_change',
  method: 'GET',
  path: '/api/compensation/changes/{id}',
  access: 'compensation:read',
  summary: 'One compensation change proposal you may read (404 otherwise)',
  description:
    'Use it to read a proposed raise or pay change: the person, the previous and proposed pay, the effective date, pay band, reason, warnings, status and the decision.',
  input: { params: IdParam },
  output: z.object({ change: ChangeView }),
  mcp: { tool: 'get_compensation_change', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({ change: await get(ctx.deps.prisma, ctx.actor, params.id) }),
});

import { z } from 'zod';
import { getOffer as get } from '../../engines/ats/offers';
import { defineOperation } from '../defineOperation';
import { IdParam, OfferView, atsOperation } from './atsSchemas';

export const getOffer = defineOperation({
  ...atsOperation,
  name: 'get_offer',
  method: 'GET',
  path: '/api/ats/offers/{id}',
  access: 'ats:read',
  summary: 'One offer: its application’s recruiting team only (404 for anyone else)',
  description:
    'Use it to read an offer made to a candidate: job title, department, manager, employment type, start date, salary, status and the decision.',
  input: { params: IdParam },
  output: z.object({ offer: OfferView }),
  mcp: { tool: 'get_offer', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({ offer: await get(ctx.deps.prisma, ctx.actor, params.id) }),
});

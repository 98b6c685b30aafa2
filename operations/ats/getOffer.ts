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
  input: { params: IdParam },
  output: z.object({ offer: OfferView }),
  mcp: { tool: 'get_offer', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => ({ offer: await get(ctx.deps.prisma, ctx.actor, params.id) }),
});

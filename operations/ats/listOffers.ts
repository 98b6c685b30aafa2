import { z } from 'zod';
import { listOffers as list } from '../../engines/ats/offers';
import { defineOperation } from '../defineOperation';
import { Cursor, Limit, NextCursor, OfferView, atsOperation } from './atsSchemas';

export const listOffers = defineOperation({
  ...atsOperation,
  name: 'list_offers',
  method: 'GET',
  path: '/api/ats/offers',
  access: 'ats:read',
  summary: 'The offers of the openings you recruit for (HR: all), newest first',
  description: 'Nobody else reads offers, whatever their role: an empty list.',
  input: {
    query: z.strictObject({
      openingId: z.uuid().optional().describe('only this opening’s'),
      status: OfferView.shape.status.optional().describe('only offers in this status'),
      limit: Limit,
      cursor: Cursor,
    }),
  },
  output: z.object({ offers: z.array(OfferView), nextCursor: NextCursor }),
  mcp: { tool: 'list_offers', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) =>
    list(ctx.deps.prisma, ctx.actor, {
      openingId: query.openingId,
      status: query.status,
      limit: query.limit,
      ...(query.cursor ? { after: query.cursor } : {}),
    }),
});

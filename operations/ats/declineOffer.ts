import { z } from 'zod';
import { declineOffer as decline } from '../../engines/ats/offers';
import { defineOperation } from '../defineOperation';
import { IdParam, OfferView, atsOperation } from './atsSchemas';

export const declineOffer = defineOperation({
  ...atsOperation,
  name: 'decline_offer',
  method: 'POST',
  path: '/api/ats/offers/{id}/decline',
  access: 'ats:write',
  summary: 'Record that the candidate declined an APPROVED offer (a recruiter of the opening, or HR)',
  description: 'The application stays at stage offer: make another offer, or reject it.',
  input: { params: IdParam },
  output: z.object({ offer: OfferView }),
  idempotent: true,
  mcp: { tool: 'decline_offer', annotations: { readOnlyHint: false, destructiveHint: true } },
  handler: async (ctx, { params }) => ({ offer: await decline(ctx.deps.prisma, ctx.actor, params.id) }),
});

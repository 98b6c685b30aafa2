import { z } from 'zod';
import { withdrawOffer as withdraw } from '../../engines/ats/offers';
import { defineOperation } from '../defineOperation';
import { IdParam, OfferView, atsOperation } from './atsSchemas';

export const withdrawOffer = defineOperation({
  ...atsOperation,
  name: 'withdraw_offer',
  method: 'POST',
  path: '/api/ats/offers/{id}/withdraw',
  access: 'ats:write',
  summary: 'Take back an offer not accepted yet (its recruiting team); a pending approval ends',
  description: '409 naming the status unless PENDING or APPROVED.',
  input: { params: IdParam },
  output: z.object({ offer: OfferView }),
  idempotent: true,
  mcp: { tool: 'withdraw_offer', annotations: { readOnlyHint: false, destructiveHint: true } },
  handler: async (ctx, { params }) => {
    const offer = await withdraw(ctx.deps.prisma, ctx.actor, params.id);
    if (offer.approvalId) {
      await ctx.deps.approvalFlows
        ?.notify(
          { tenantId: ctx.actor.tenant.id, instanceId: offer.approvalId },
          { kind: 'changed', byUserId: ctx.actor.user.id },
        )
        .catch((err: unknown) => ctx.log.warn({ err }, 'approval workflow not told of the withdrawal'));
    }
    return { offer };
  },
});

import { z } from 'zod';
import { cancelTimeCorrection as withdrawCorrection } from '../../engines/timeTracking/timeCorrections';
import { defineOperation } from '../defineOperation';
import { CorrectionId, TimeCorrectionView, timeOperation } from './timeSchemas';

export const cancelTimeCorrection = defineOperation({
  ...timeOperation,
  name: 'cancel_time_correction',
  method: 'POST',
  path: '/api/time-tracking/corrections/{id}/cancel',
  access: 'time-tracking:write',
  summary: 'Withdraw a pending time correction: your own, or anyone’s as HR',
  description: '403 for someone else’s unless HR, 404 when you cannot see it, 409 once it is decided.',
  input: { params: CorrectionId },
  output: z.object({ correction: TimeCorrectionView }),
  idempotent: true,
  mcp: { tool: 'cancel_time_correction', annotations: { readOnlyHint: false, destructiveHint: true } },
  handler: async (ctx, { params }) => {
    const correction = await withdrawCorrection(ctx.deps.prisma, ctx.actor, params.id);
    if (correction.approvalId) {
      await ctx.deps.approvalFlows
        ?.notify(
          { tenantId: ctx.actor.tenant.id, instanceId: correction.approvalId },
          { kind: 'changed', byUserId: ctx.actor.user.id },
        )
        .catch((err: unknown) => ctx.log.warn({ err }, 'approval workflow not told of the withdrawal'));
    }
    return { correction };
  },
});

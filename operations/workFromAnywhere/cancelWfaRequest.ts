import { z } from 'zod';
import { cancelWfaRequest } from '../../engines/workFromAnywhere/wfaRequests';
import { defineOperation } from '../defineOperation';
import { WfaRequestId, WfaRequestView, wfaOperation } from './wfaSchemas';

export const cancelWorkFromAnywhereRequest = defineOperation({
  ...wfaOperation,
  name: 'cancel_work_from_anywhere_request',
  method: 'POST',
  path: '/api/work-from-anywhere/requests/{id}/cancel',
  access: 'work-from-anywhere:write',
  summary: 'Cancel a Work From Anywhere request: your own, or anyone’s as HR, while pending or not begun',
  description: '403 for someone else’s unless HR, 404 when you cannot see it, 409 when decided otherwise or begun.',
  input: { params: WfaRequestId },
  output: z.object({ request: WfaRequestView }),
  idempotent: true,
  mcp: { tool: 'cancel_work_from_anywhere_request', annotations: { readOnlyHint: false, destructiveHint: true } },
  handler: async (ctx, { params }) => {
    const request = await cancelWfaRequest(ctx.deps.prisma, ctx.actor, params.id, { clock: ctx.deps.config.clock });
    if (request.approvalId) {
      await ctx.deps.approvalFlows
        ?.notify(
          { tenantId: ctx.actor.tenant.id, instanceId: request.approvalId },
          {
            kind: 'changed',
            byUserId: ctx.actor.user.id,
          },
        )
        .catch((err: unknown) => ctx.log.warn({ err }, 'approval workflow not told of the cancellation'));
    }
    return { request };
  },
});

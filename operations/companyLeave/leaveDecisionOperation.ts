import { z } from 'zod';
import { decideRequest, type LeaveDecision } from '../../engines/leave/decideRequest';
import { defineOperation } from '../defineOperation';
import { leaveWriteOptions } from '../leave/leaveSchemas';
import { CompanyLeaveRequest, RequestId, companyLeaveOperation, companyLeaveRequestOf } from './companyLeaveSchemas';

/**
 * The company API's two leave decisions, `POST /api/leave/requests/{id}/approve` and `.../reject`: one operation each
 * (their own route, tool and audit name), alike in everything but the verb.
 */
export function leaveDecisionOperation(decision: LeaveDecision) {
  const verb = decision === 'approve' ? 'Approve' : 'Reject';
  return defineOperation({
    ...companyLeaveOperation,
    name: `${decision}_leave_request`,
    method: 'POST',
    path: `/api/leave/requests/{id}/${decision}`,
    access: 'leave:write',
    summary: `${verb} a PENDING leave request routed to you (or any, for HR)`,
    description:
      'The same engine and rules as POST /api/v1/leave/requests/{id}/decision: 403 when you may not decide it (your ' +
      'own included), 404 when you cannot see it, 409 when it is no longer PENDING.',
    input: {
      params: RequestId,
      body: z.strictObject({
        comment: z.string().trim().max(1000).optional().describe('a comment for the employee'),
      }),
    },
    output: z.object({ request: CompanyLeaveRequest }),
    idempotent: true,
    mcp: { tool: `${decision}_leave_request`, annotations: { readOnlyHint: false, destructiveHint: false } },
    handler: async (ctx, { params, body }) => ({
      request: companyLeaveRequestOf(
        await decideRequest(
          ctx.deps.prisma,
          ctx.actor,
          params.id,
          { decision, comment: body.comment },
          leaveWriteOptions(ctx),
        ),
      ),
    }),
  });
}

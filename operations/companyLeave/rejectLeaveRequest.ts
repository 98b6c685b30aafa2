import { z } from 'zod';
import { decideRequest } from '../../engines/leave/decideRequest';
import { defineOperation } from '../defineOperation';
import { leaveWriteOptions } from '../leave/leaveSchemas';
import { CompanyLeaveRequest, RequestId, companyLeaveOperation, companyLeaveRequestOf } from './companyLeaveSchemas';

export const rejectLeaveRequest = defineOperation({
  ...companyLeaveOperation,
  name: 'reject_leave_request',
  method: 'POST',
  path: '/api/leave/requests/{id}/reject',
  access: 'leave:write',
  summary: 'Reject a PENDING leave request routed to you (or any, for HR)',
  description:
    'The same engine and rules as POST /api/v1/leave/requests/{id}/decision: 403 when you may not decide it (your ' +
    'own included), 404 when you cannot see it, 409 when it is no longer PENDING.',
  input: {
    params: RequestId,
    body: z.strictObject({ comment: z.string().trim().max(1000).optional().describe('a comment for the employee') }),
  },
  output: z.object({ request: CompanyLeaveRequest }),
  idempotent: true,
  mcp: { tool: 'reject_leave_request', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({
    request: companyLeaveRequestOf(
      await decideRequest(
        ctx.deps.prisma,
        ctx.actor,
        params.id,
        { decision: 'reject', comment: body.comment },
        leaveWriteOptions(ctx),
      ),
    ),
  }),
});

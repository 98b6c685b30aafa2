import { z } from 'zod';
import { decideRequest } from '../../engines/leave/decideRequest';
import { defineOperation } from '../defineOperation';
import { leaveWriteOptions } from '../leave/leaveSchemas';
import { CompanyLeaveRequest, RequestId, companyLeaveOperation, companyLeaveRequestOf } from './companyLeaveSchemas';

export const approveLeaveRequest = defineOperation({
  ...companyLeaveOperation,
  name: 'approve_leave_request',
  method: 'POST',
  path: '/api/leave/requests/{id}/approve',
  access: 'leave:write',
  summary: 'Approve a PENDING leave request routed to you (or any, for HR)',
  description:
    'The same engine and rules as POST /api/v1/leave/requests/{id}/decision: 403 when you may not decide it (your ' +
    'own included), 404 when you cannot see it, 409 when it is no longer PENDING.',
  input: {
    params: RequestId,
    body: z.strictObject({ comment: z.string().trim().max(1000).optional().describe('a comment for the employee') }),
  },
  output: z.object({ request: CompanyLeaveRequest }),
  idempotent: true,
  mcp: { tool: 'approve_leave_request', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { params, body }) => ({
    request: companyLeaveRequestOf(
      await decideRequest(
        ctx.deps.prisma,
        ctx.actor,
        params.id,
        { decision: 'approve', comment: body.comment },
        leaveWriteOptions(ctx),
      ),
    ),
  }),
});

import { z } from 'zod';
import { cancelRequest } from '../../engines/leave/cancelRequest';
import { defineOperation } from '../defineOperation';
import { leaveWriteOptions } from '../leave/leaveSchemas';
import { CompanyLeaveRequest, RequestId, companyLeaveOperation, companyLeaveRequestOf } from './companyLeaveSchemas';

export const cancelCompanyLeaveRequest = defineOperation({
  ...companyLeaveOperation,
  name: 'cancel_company_leave_request',
  method: 'POST',
  path: '/api/leave/requests/{id}/cancel',
  access: 'leave:write',
  summary: 'Cancel a leave request: your own, or anyone’s as HR, while PENDING or APPROVED and not begun',
  description:
    'Every day it holds goes back to the balance; whoever was asked to decide it is told, and the employee when HR ' +
    'cancelled it. 403 for someone else’s request unless you are HR_MANAGER, ADMIN or OWNER, 404 when you cannot ' +
    'see it, 409 when it is in another state or has begun.',
  input: { params: RequestId },
  output: z.object({ request: CompanyLeaveRequest }),
  idempotent: true,
  mcp: { tool: 'cancel_company_leave_request', annotations: { readOnlyHint: false, destructiveHint: true } },
  handler: async (ctx, { params }) => ({
    request: companyLeaveRequestOf(
      await cancelRequest(ctx.deps.prisma, ctx.actor, params.id, leaveWriteOptions(ctx), true),
    ),
  }),
});

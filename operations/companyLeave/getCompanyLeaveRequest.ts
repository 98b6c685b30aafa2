import { z } from 'zod';
import { findRequestView } from '../../engines/leave/requestViews';
import { findVisibleRequest } from '../../engines/leave/visibleRequest';
import { defineOperation } from '../defineOperation';
import { CompanyLeaveRequest, RequestId, companyLeaveOperation, companyLeaveRequestOf } from './companyLeaveSchemas';

export const getCompanyLeaveRequest = defineOperation({
  ...companyLeaveOperation,
  name: 'get_company_leave_request',
  method: 'GET',
  path: '/api/leave/requests/{id}',
  access: 'leave:read',
  summary: 'One leave request of someone you may see, with its routing and decision',
  description:
    "Use it to read a request's leave type, dates, days (and half day), reason, status, who it is routed to and the decision with its comment. The id comes from a leave request list or a notification.",
  input: { params: RequestId },
  output: z.object({ request: CompanyLeaveRequest }),
  mcp: { tool: 'get_company_leave_request', annotations: { readOnlyHint: true } },
  handler: async (ctx, { params }) => {
    const request = await findVisibleRequest(ctx.deps.prisma, ctx.actor, params.id);
    const view = await findRequestView(ctx.deps.prisma, ctx.actor.tenant.id, request.id);
    return { request: companyLeaveRequestOf(view!) };
  },
});

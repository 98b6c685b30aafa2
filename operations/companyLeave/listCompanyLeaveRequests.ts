import { z } from 'zod';
import { listRequests } from '../../engines/leave/listRequests';
import { defineOperation } from '../defineOperation';
import { IsoDateString, LeaveStatusSchema } from '../leave/leaveSchemas';
import { CompanyLeaveRequest, companyLeaveOperation, companyLeaveRequestOf } from './companyLeaveSchemas';

export const listCompanyLeaveRequests = defineOperation({
  ...companyLeaveOperation,
  name: 'list_company_leave_requests',
  method: 'GET',
  path: '/api/leave/requests',
  access: 'leave:read',
  summary:
    'Leave requests of everyone you may see, newest first; by employee, status or dates ("who is off next week")',
  description:
    'Your role decides whose: yourself, your team, your department, the workspace. from/to keep the requests that ' +
    'overlap that window.',
  input: {
    query: z.strictObject({
      employeeId: z.uuid().optional().describe('only this employee’s'),
      status: LeaveStatusSchema.optional().describe('only requests in this status'),
      from: IsoDateString.optional().describe('only requests ending on or after this day'),
      to: IsoDateString.optional().describe('only requests starting on or before this day'),
      limit: z.coerce.number().int().min(1).max(200).default(50).describe('at most this many, 1 to 200'),
    }),
  },
  output: z.object({ requests: z.array(CompanyLeaveRequest) }),
  mcp: { tool: 'list_company_leave_requests', annotations: { readOnlyHint: true } },
  handler: async (ctx, { query }) => {
    const views = await listRequests(ctx.deps.prisma, ctx.actor, {
      status: query.status,
      from: query.from,
      to: query.to,
      limit: query.limit,
      employeeId: query.employeeId,
    });
    return { requests: views.map(companyLeaveRequestOf) };
  },
});

import { z } from 'zod';
import { listRequests } from '../../engines/leave/listRequests';
import { defineOperation } from '../defineOperation';
import { IsoDateString, LeaveRequestItem, LeaveStatusSchema, toLeaveRequestItem } from './leaveSchemas';

export const listLeaveRequests = defineOperation({
  name: 'list_leave_requests',
  method: 'GET',
  path: '/api/v1/leave/requests',
  access: 'leave:read',
  tag: 'Leave',
  summary: 'List the leave requests you may see, newest first',
  description:
    'Employees see their own requests, managers their team, directors their department, HR and admins the whole ' +
    'workspace. Newest first by creation. `from` and `to` keep the requests that overlap that window.',
  input: {
    query: z.strictObject({
      status: LeaveStatusSchema.optional().describe(
        'only requests in this status: PENDING, APPROVED, REJECTED, CANCELLED, IN_PROGRESS or COMPLETED',
      ),
      from: IsoDateString.optional().describe('YYYY-MM-DD; only requests ending on or after this date'),
      to: IsoDateString.optional().describe('YYYY-MM-DD; only requests starting on or before this date'),
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(200)
        .default(50)
        .describe('at most this many requests, 1 to 200, default 50'),
    }),
  },
  output: z.object({ requests: z.array(LeaveRequestItem) }),
  mcp: {
    tool: 'list_leave_requests',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
  handler: async (ctx, { query }) => {
    const requests = await listRequests(ctx.deps.prisma, ctx.actor, query);
    return { requests: requests.map(toLeaveRequestItem) };
  },
});

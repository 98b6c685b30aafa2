import { z } from 'zod';
import { listApprovals } from '../../engines/leave/listRequests';
import { defineOperation } from '../defineOperation';
import { LeaveRequestDetail, toLeaveRequestDetail } from './leaveSchemas';

export const listLeaveApprovals = defineOperation({
  name: 'list_leave_approvals',
  method: 'GET',
  path: '/api/v1/leave/approvals',
  access: 'leave:read',
  tag: 'Leave',
  summary: 'The PENDING leave requests waiting for your decision, newest first',
  description: 'Those routed to you as manager and, for HR roles (HR_MANAGER, ADMIN, OWNER), those routed to HR.',
  input: {
    query: z.strictObject({
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(200)
        .default(50)
        .describe('at most this many requests, 1 to 200, default 50'),
    }),
  },
  output: z.object({ requests: z.array(LeaveRequestDetail) }),
  handler: async (ctx, { query }) => ({
    requests: (await listApprovals(ctx.deps.prisma, ctx.actor, query.limit)).map(toLeaveRequestDetail),
  }),
});

import { z } from 'zod';
import { decideRequest } from '../../engines/leave/decideRequest';
import { defineOperation } from '../defineOperation';
import { LeaveRequestDetail, leaveWriteOptions, toLeaveRequestDetail } from './leaveSchemas';

export const decideLeaveRequest = defineOperation({
  name: 'decide_leave_request',
  method: 'POST',
  path: '/api/v1/leave/requests/{id}/decision',
  access: 'leave:write',
  tag: 'Leave',
  summary: 'Approve or reject a PENDING leave request routed to you (or any, for HR)',
  description:
    'Approval moves the days from pending to used; rejection gives them back. The employee is notified. 403 when you ' +
    'may not decide it (your own request included), 404 when you cannot see it, 409 when it is no longer PENDING.',
  input: {
    params: z.object({ id: z.uuid().describe('the leave request id') }),
    body: z.strictObject({
      decision: z.enum(['approve', 'reject']).describe('approve or reject'),
      comment: z.string().trim().max(1000).optional().describe('a comment for the employee'),
    }),
  },
  output: z.object({ request: LeaveRequestDetail }),
  handler: async (ctx, { params, body }) => ({
    request: toLeaveRequestDetail(
      await decideRequest(ctx.deps.prisma, ctx.actor, params.id, body, leaveWriteOptions(ctx)),
    ),
  }),
});

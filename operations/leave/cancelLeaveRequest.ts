import { z } from 'zod';
import { cancelRequest } from '../../engines/leave/cancelRequest';
import { defineOperation } from '../defineOperation';
import { LeaveRequestDetail, leaveWriteOptions, toLeaveRequestDetail } from './leaveSchemas';

export const cancelLeaveRequest = defineOperation({
  name: 'cancel_leave_request',
  method: 'POST',
  path: '/api/v1/leave/requests/{id}/cancel',
  access: 'leave:write',
  tag: 'Leave',
  summary: 'Cancel your own leave request while PENDING, or APPROVED and not started',
  description:
    'The days it holds go back to your balance and the approver is notified. 403 for someone else’s request, 404 ' +
    'when you cannot see it, 409 when it is decided otherwise or has started.',
  input: { params: z.object({ id: z.uuid().describe('the leave request id') }) },
  output: z.object({ request: LeaveRequestDetail }),
  handler: async (ctx, { params }) => ({
    request: toLeaveRequestDetail(await cancelRequest(ctx.deps.prisma, ctx.actor, params.id, leaveWriteOptions(ctx))),
  }),
});

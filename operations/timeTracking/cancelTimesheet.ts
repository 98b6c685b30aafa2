import { z } from 'zod';
import { cancelTimesheet as withdrawSheet } from '../../engines/timeTracking/timesheets';
import { defineOperation } from '../defineOperation';
import { TimesheetId, TimesheetView, timeOperation } from './timeSchemas';

export const cancelTimesheet = defineOperation({
  ...timeOperation,
  name: 'cancel_timesheet',
  method: 'POST',
  path: '/api/time-tracking/timesheets/{id}/cancel',
  access: 'time-tracking:write',
  summary: 'Withdraw a submitted timesheet: your own, or anyone’s as HR; the week is editable again',
  description: '403 for someone else’s unless HR, 404 when you cannot see it, 409 once it is decided.',
  input: { params: TimesheetId },
  output: z.object({ timesheet: TimesheetView }),
  idempotent: true,
  mcp: { tool: 'cancel_timesheet', annotations: { readOnlyHint: false, destructiveHint: true } },
  handler: async (ctx, { params }) => {
    const timesheet = await withdrawSheet(ctx.deps.prisma, ctx.actor, params.id);
    if (timesheet.approvalId) {
      await ctx.deps.approvalFlows
        ?.notify(
          { tenantId: ctx.actor.tenant.id, instanceId: timesheet.approvalId },
          { kind: 'changed', byUserId: ctx.actor.user.id },
        )
        .catch((err: unknown) => ctx.log.warn({ err }, 'approval workflow not told of the withdrawal'));
    }
    return { timesheet };
  },
});

import { z } from 'zod';
import { startApprovalFlowWorkflow } from '../../engines/approvalFlows/approvalPort';
import { submitTimesheet as submitWeek } from '../../engines/timeTracking/timesheets';
import { defineOperation } from '../defineOperation';
import { IsoDateString } from '../leave/leaveSchemas';
import { TimesheetView, timeOperation } from './timeSchemas';

export const submitTimesheet = defineOperation({
  ...timeOperation,
  name: 'submit_timesheet',
  method: 'POST',
  path: '/api/time-tracking/timesheets',
  access: 'time-tracking:write',
  summary: 'Submit one of your weeks for sign-off: its figures are fixed and its entries locked',
  description:
    'weekStart is a Monday whose Sunday is before today (400 otherwise). 409 while an entry of the week is open or ' +
    'when the week is already submitted or approved. Decided through /api/approval-flows (request type ' +
    '`timesheet`, the manager by default); approved overtime is paid by Payroll with the month of the Sunday.',
  input: {
    body: z.strictObject({ weekStart: IsoDateString.describe('the Monday of the week, YYYY-MM-DD') }),
  },
  output: z.object({ timesheet: TimesheetView }),
  successStatus: 201,
  idempotent: true,
  mcp: { tool: 'submit_timesheet', annotations: { readOnlyHint: false, destructiveHint: false } },
  handler: async (ctx, { body }) => ({
    timesheet: await submitWeek(ctx.deps.prisma, ctx.actor, body, {
      clock: ctx.deps.config.clock,
      start: async (ref) => {
        await startApprovalFlowWorkflow(ctx.deps.prisma, ctx.deps.approvalFlows, ref, ctx.log);
      },
    }),
  }),
});

import { z } from 'zod';
import type { OperationContext } from '../context';
import { dateWindowMessage, isInDateWindow, isIsoDate } from '../../engines/leave/dates';
import type { LeaveWriteOptions } from '../../engines/leave/createRequest';
import type { LeaveRequestView } from '../../engines/leave/requestViews';
import { leaveStatuses } from '../../engines/leave/statuses';

/** A leave date of the contract: `YYYY-MM-DD`, a real day of the tenant's calendar, inside the date window. */
export const IsoDateString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine(isInDateWindow, dateWindowMessage)
  .refine(isIsoDate, 'must be a real date');

export const LeaveStatusSchema = z.enum(leaveStatuses);

/** The contract's "Leave request" item, exactly: `reason` is omitted when the request has none. */
export const LeaveRequestItem = z.object({
  id: z.uuid(),
  employee_id: z.number().int().describe("the employee's number in the workspace"),
  employee_name: z.string(),
  policy: z.string().describe('leave policy name'),
  start_date: z.string().describe('first day off, YYYY-MM-DD'),
  end_date: z.string().describe('last day off, inclusive, YYYY-MM-DD'),
  total_days: z.number().describe('working days off (weekends and public holidays excluded; 0.5 for a half day)'),
  half_day: z.boolean(),
  status: LeaveStatusSchema.describe('PENDING, APPROVED, REJECTED, CANCELLED, IN_PROGRESS or COMPLETED'),
  reason: z.string().optional().describe('the reason given; omitted when none was'),
  created_at: z.string().describe('ISO 8601 UTC timestamp with milliseconds'),
});

/** A request with its routing and decision, for approvers and for the answers of decide and cancel. */
export const LeaveRequestDetail = LeaveRequestItem.extend({
  routed_to: z
    .enum(['MANAGER', 'HR', 'AUTO', 'FLOW'])
    .describe(
      "who decides now: the employee's manager, HR, nobody (auto-approved), or someone else the tenant's approval " +
        'flow names (GET /api/approval-flows/approvals)',
    ),
  decided_at: z.string().optional().describe('when it was decided, ISO 8601 UTC; omitted while undecided'),
  decision_comment: z.string().optional().describe("the decider's comment; omitted when none"),
});

export function toLeaveRequestItem(view: LeaveRequestView): z.input<typeof LeaveRequestItem> {
  return {
    id: view.id,
    employee_id: view.employeeNumber,
    employee_name: view.employeeName,
    policy: view.policyName,
    start_date: view.startDate,
    end_date: view.endDate,
    total_days: view.totalDays,
    half_day: view.halfDay,
    status: view.status,
    ...(view.reason !== null ? { reason: view.reason } : {}),
    created_at: view.createdAt.toISOString(),
  };
}

export function toLeaveRequestDetail(view: LeaveRequestView): z.input<typeof LeaveRequestDetail> {
  return {
    ...toLeaveRequestItem(view),
    routed_to: view.routedTo,
    ...(view.decidedAt !== null ? { decided_at: view.decidedAt.toISOString() } : {}),
    ...(view.decisionComment !== null ? { decision_comment: view.decisionComment } : {}),
  };
}

/**
 * The options of a leave write from a request: the approval workflow port when this process has Temporal, else
 * none (the request keeps `workflowId` null until the reconciler starts its workflow), and the request logger.
 */
export function leaveWriteOptions(ctx: OperationContext): LeaveWriteOptions {
  return { port: ctx.deps.leaveApproval ?? null, clock: ctx.deps.config.clock, log: ctx.log };
}

import {
  ParentClosePolicy,
  proxyActivities,
  setCurrentDetails,
  startChild,
  WorkflowIdReusePolicy,
  type ActivityOptions,
} from '@temporalio/workflow';
import type { Activities } from '../../activities';
import type { CarryOverPage } from '../../activities/leaveCarryOver';
import { svcHrTenant } from '../searchAttributes';
import {
  leaveCarryOverWorkflowId,
  leaveCarryOverWorkflowType,
  type LeaveCarryOverInput,
  type LeaveCarryOverResult,
} from './messages';

const options: ActivityOptions = {
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
};
const { findTenantsDueForCarryOver } = proxyActivities<Activities>({
  ...options,
  summary: 'Find the tenants whose year ended',
});
const { carryOverLeavePage } = proxyActivities<Activities>({
  ...options,
  summary: 'Carry over the remaining days of a page of employees',
});
const { recordLeaveYearEnd } = proxyActivities<Activities>({ ...options, summary: 'Record the year end' });

/** Employees per activity: one short transaction each, a page a few seconds at most. */
const PAGE = 200;

/**
 * One tenant's year-end carry-over of `fromYear` (id `carry-over/<tenant>/<year>`): every employee's remaining
 * days, up to each policy's cap, into the next year, a page at a time (each page idempotent), then recorded.
 */
export async function leaveCarryOver(input: LeaveCarryOverInput): Promise<LeaveCarryOverResult> {
  const totals = { employees: 0, carriedDays: 0 };
  let after: string | null = null;
  do {
    const page: CarryOverPage = await carryOverLeavePage({ ...input, after, limit: PAGE });
    totals.employees += page.employees;
    totals.carriedDays += page.carriedDays;
    after = page.nextCursor;
    setCurrentDetails(`Carrying ${input.fromYear} over: ${totals.employees} employees, ${totals.carriedDays} days.`);
  } while (after !== null);
  await recordLeaveYearEnd({ ...input, ...totals });
  return totals;
}

/**
 * The hourly sweep (a Temporal schedule, temporal/schedules/leaveYearEndSchedule.ts): starts the carry-over of
 * every tenant whose calendar entered a new year it has not carried over yet. A carry-over already running (or
 * finished but not yet recorded) keeps its id, so starting it again is refused and skipped.
 */
export async function leaveYearEnd(): Promise<{ started: number }> {
  const due = await findTenantsDueForCarryOver();
  let started = 0;
  for (const ref of due) {
    try {
      await startChild(leaveCarryOverWorkflowType, {
        workflowId: leaveCarryOverWorkflowId(ref.tenantId, ref.fromYear),
        args: [ref],
        parentClosePolicy: ParentClosePolicy.ABANDON,
        workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE_FAILED_ONLY,
        typedSearchAttributes: [{ key: svcHrTenant, value: ref.tenantId }],
        staticSummary: `Leave carry-over of ${ref.fromYear}`,
      });
      started += 1;
    } catch {
      // Already running or done under this id.
    }
  }
  return { started };
}

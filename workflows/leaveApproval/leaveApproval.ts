import {
  condition,
  patched,
  proxyActivities,
  setCurrentDetails,
  setHandler,
  startChild,
  upsertSearchAttributes,
  workflowInfo,
  type ActivityOptions,
  type ChildWorkflowHandle,
} from '@temporalio/workflow';
import type { Activities } from '../../activities';
import type { LeaveRequestRef } from '../../activities/leave';
import type { approvalFlow } from '../approvalFlow/approvalFlow';
import { approvalChangedSignal, approvalFlowWorkflowId, approvalFlowWorkflowType } from '../approvalFlow/messages';
import { svcHrStatus, svcHrTenant } from '../searchAttributes';
import { changedSignal, type LeaveApprovalInput, type LeaveApprovalResult } from './messages';
import { LeaveApprovalState } from './state';

// Each activity is a short database transaction; retrying without end is right, because a request must not be
// left behind by a database that is briefly down, and every transition is idempotent.
const options: ActivityOptions = {
  startToCloseTimeout: '15 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
};
// One proxy per activity, each with the summary an operator reads in the Temporal UI's event history.
const { readLeaveRequest } = proxyActivities<Activities>({ ...options, summary: 'Read the leave request' });
const { remindLeaveApprover } = proxyActivities<Activities>({ ...options, summary: 'Remind the approver' });
const { escalateLeaveToHr } = proxyActivities<Activities>({ ...options, summary: 'Escalate the request to HR' });
const { markLeaveInProgress } = proxyActivities<Activities>({
  ...options,
  summary: 'Mark the leave IN_PROGRESS: its first day began',
});
const { markLeaveCompleted } = proxyActivities<Activities>({
  ...options,
  summary: 'Mark the leave COMPLETED: its last day ended',
});

/**
 * The patch of histories started once leave requests went through Approval Flows: from then on a pending
 * request's reminders and escalation belong to its approval's own workflow (a child, `approval/<tenant>/<id>`),
 * and this workflow forwards its change notices there. Histories recorded before it keep their own reminders.
 */
export const approvalFlowsPatch = 'approval-flows';

/**
 * The patch of histories whose approval child is summarised in words (the first read's `words`: "Approval of a leave
 * request: Alice Anders, Annual leave, Mon 6 – Fri 10 Dec 2027") rather than by the request's id. Histories recorded
 * before it, and reads without words, keep the id.
 */
export const approvalSummaryPatch = 'approval-summary-in-words';

/** The summary of the request's approval child (see approvalSummaryPatch). */
function approvalChildSummary(state: LeaveApprovalState, requestId: string): string {
  const words = state.words;
  if (words && patched(approvalSummaryPatch)) {
    return `Approval of a leave request: ${words.employee}, ${words.policy}, ${words.days}`;
  }
  return `Approval of leave request ${requestId}`;
}

/**
 * The approval of one leave request, from its creation to the end of the leave (id `leave/<tenant>/<request>`).
 *
 * The database is the truth: the API commits decisions and cancellations, then sends `changed`, and the
 * workflow reads the request again. While the request is PENDING it reminds the approver after
 * `reminderAfterMs` and escalates to HR `escalateAfterMs` later; once APPROVED it sleeps on durable timers until
 * the leave begins (IN_PROGRESS) and until it is over (COMPLETED). A REJECTED or CANCELLED request ends it, also
 * a cancellation that arrives while it sleeps towards the first day.
 */
export async function leaveApproval(input: LeaveApprovalInput): Promise<LeaveApprovalResult> {
  const ref: LeaveRequestRef = { tenantId: input.tenantId, requestId: input.requestId };
  // The origin of a test time scale; on the real calendar the activities ignore it.
  const workflowStartedAt = workflowInfo().startTime.getTime();
  const state = new LeaveApprovalState();
  let approval: ChildWorkflowHandle<typeof approvalFlow> | undefined;
  setHandler(changedSignal, () => {
    state.noteChange();
    // The request was decided or withdrawn through the leave API: its approval's workflow reads it again too.
    if (approval) void approval.signal(approvalChangedSignal).catch(() => undefined);
  });

  let publishedStatus: string | undefined;
  const read = async () => {
    state.beginRead();
    state.applyRead(await readLeaveRequest({ ...ref, workflowStartedAt }));
    setCurrentDetails(state.describe());
    const status = state.status ?? 'MISSING';
    if (status !== publishedStatus) {
      upsertSearchAttributes([{ key: svcHrStatus, value: status }]);
      publishedStatus = status;
    }
  };

  await read();
  let reminders: Promise<void> = Promise.resolve();
  if (patched(approvalFlowsPatch)) {
    if (state.isPending && state.approvalId) {
      reminders = followApproval(state, input, state.approvalId, (handle) => {
        approval = handle;
      });
    }
  } else if (state.isPending) {
    reminders = remindThenEscalate(state, ref, input);
  }
  for (let step = state.nextStep(); step.kind !== 'end'; step = state.nextStep()) {
    if (step.kind === 'awaitDecision') {
      // Also read again once per reminder cycle: a notice lost on its way (Temporal unreachable when the API
      // sent it) then delays the workflow by one cycle at most, instead of leaving it waiting for ever.
      await condition(() => state.hasUnreadChanges, input.reminderAfterMs + input.escalateAfterMs, {
        summary: 'Wait for a decision',
      });
    } else {
      const summary = step.kind === 'begin' ? 'Wait for the first day of leave' : 'Wait for the end of the leave';
      const changedFirst = step.inMs > 0 && (await condition(() => state.hasUnreadChanges, step.inMs, { summary }));
      // A transition is a no-op when the request changed meanwhile; the read after it tells what happened.
      if (!changedFirst) await (step.kind === 'begin' ? markLeaveInProgress(ref) : markLeaveCompleted(ref));
    }
    await read();
  }
  await reminders;
  return { status: state.status };
}

/** The reminder, then the escalation, each only while the request is still pending when its timer fires. */
async function remindThenEscalate(
  state: LeaveApprovalState,
  ref: LeaveRequestRef,
  input: LeaveApprovalInput,
): Promise<void> {
  const decided = () => !state.isPending;
  if (await condition(decided, input.reminderAfterMs, { summary: 'Wait before reminding the approver' })) return;
  state.applyTransition(await remindLeaveApprover(ref), 'PENDING');
  if (await condition(decided, input.escalateAfterMs, { summary: 'Wait before escalating to HR' })) return;
  state.applyTransition(await escalateLeaveToHr(ref), 'PENDING');
}

/**
 * Starts the request's approval as a child workflow and waits for its end (the decision, already committed to
 * the request), then has the request read again. A child that cannot start (its id already used, say after this
 * workflow was restarted) is no error: the request's state in the database still decides what happens next.
 */
async function followApproval(
  state: LeaveApprovalState,
  input: LeaveApprovalInput,
  approvalId: string,
  started: (handle: ChildWorkflowHandle<typeof approvalFlow>) => void,
): Promise<void> {
  try {
    const handle = await startChild<typeof approvalFlow>(approvalFlowWorkflowType, {
      workflowId: approvalFlowWorkflowId(input.tenantId, approvalId),
      args: [
        {
          tenantId: input.tenantId,
          instanceId: approvalId,
          defaultRemindAfterMs: input.reminderAfterMs,
          defaultEscalateAfterMs: input.escalateAfterMs,
        },
      ],
      typedSearchAttributes: [{ key: svcHrTenant, value: input.tenantId }],
      memo: { tenantId: input.tenantId, approvalId, requestType: 'leave', subjectId: input.requestId },
      staticSummary: approvalChildSummary(state, input.requestId),
    });
    started(handle);
    // Once this workflow sees the request decided or withdrawn, the approval's workflow is told too: a notice that
    // reached this workflow before its child had started was not forwarded, and the child must not wait for it.
    await condition(() => !state.isPending);
    await handle.signal(approvalChangedSignal).catch(() => undefined);
    await handle.result();
  } catch {
    // Not started, or ended without a result: nothing to wait for.
  }
  state.noteChange();
}

import {
  condition,
  proxyActivities,
  setCurrentDetails,
  setHandler,
  upsertSearchAttributes,
  type ActivityOptions,
} from '@temporalio/workflow';
import type { Activities } from '../../activities';
import type { ApprovalSnapshot } from '../../activities/approvalFlows';
import { svcHrStatus } from '../searchAttributes';
import {
  approvalChangedSignal,
  approveSignal,
  delegateSignal,
  rejectSignal,
  type ApprovalFlowInput,
  type ApprovalFlowResult,
} from './messages';

// Short database transactions, idempotent: retried without end, like the leave workflow's.
const options: ActivityOptions = {
  startToCloseTimeout: '15 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
};
const { readApproval } = proxyActivities<Activities>({ ...options, summary: 'Read the approval' });
const { remindApprovers } = proxyActivities<Activities>({ ...options, summary: 'Remind the people asked' });
const { escalateApproval } = proxyActivities<Activities>({ ...options, summary: 'Escalate the step to HR' });

/**
 * One line for the Temporal UI's "current details", with the people waited for and what they decide when the read
 * says them ("PENDING: waiting for Bob Brown to decide step 1 of 2 of Annual leave, … for Alice Anders; next: a
 * reminder."). Current details are no command: changing this text needs no patch.
 */
function describe(snapshot: ApprovalSnapshot | null): string {
  if (!snapshot) return 'The approval does not exist (any more).';
  const what = snapshot.summary ? ` of ${snapshot.summary}` : '';
  if (snapshot.status !== 'PENDING') {
    return snapshot.summary ? `${snapshot.status}: ${snapshot.summary}.` : `Approval ${snapshot.status.toLowerCase()}.`;
  }
  const step = `step ${snapshot.currentStep + 1} of ${snapshot.stepCount}`;
  const next = snapshot.next ? `; next: ${snapshot.next.kind === 'remind' ? 'a reminder' : 'escalation to HR'}` : '';
  const people = snapshot.waitingFor ?? [];
  if (people.length === 0 && !snapshot.summary) return `Waiting for a decision on ${step}${next}.`;
  const who = people.length > 0 ? `waiting for ${people.join(' or ')} to decide` : 'waiting for a decision on';
  return `PENDING: ${who} ${step}${what}${next}.`;
}

/**
 * One approval instance (id `approval/<tenant>/<instance>`), from its first step to its outcome. The API commits
 * every decision and then signals; the workflow reads the approval again, and for the step it waits on sleeps on
 * durable timers until the reminder, then the escalation to HR. A decision that ends the approval has already
 * committed the request through its own engine, so the workflow ends with nothing left to do.
 */
export async function approvalFlow(input: ApprovalFlowInput): Promise<ApprovalFlowResult> {
  const ref = { tenantId: input.tenantId, instanceId: input.instanceId };
  let unread = 0;
  const note = () => {
    unread += 1;
  };
  setHandler(approveSignal, note);
  setHandler(rejectSignal, note);
  setHandler(delegateSignal, note);
  setHandler(approvalChangedSignal, note);
  // With nothing timed left, still read again now and then: a signal lost on its way delays, never strands.
  const recheckMs = Math.max(1, input.defaultRemindAfterMs + input.defaultEscalateAfterMs);

  let publishedStatus: string | undefined;
  const read = async (): Promise<ApprovalSnapshot | null> => {
    unread = 0;
    const snapshot = await readApproval({
      ...ref,
      defaultRemindAfterMs: input.defaultRemindAfterMs,
      defaultEscalateAfterMs: input.defaultEscalateAfterMs,
    });
    setCurrentDetails(describe(snapshot));
    const status = snapshot?.status ?? 'MISSING';
    if (status !== publishedStatus) {
      upsertSearchAttributes([{ key: svcHrStatus, value: status }]);
      publishedStatus = status;
    }
    return snapshot;
  };

  let snapshot = await read();
  while (snapshot?.status === 'PENDING') {
    const next = snapshot.next;
    const summary = next
      ? `Wait before ${next.kind === 'remind' ? 'reminding' : 'escalating'} step ${next.step + 1}`
      : 'Wait for a decision';
    const changed =
      next && next.inMs <= 0 ? false : await condition(() => unread > 0, next?.inMs ?? recheckMs, { summary });
    if (!changed && next) {
      await (next.kind === 'remind' ? remindApprovers : escalateApproval)({ ...ref, step: next.step });
    }
    snapshot = await read();
  }
  return { status: snapshot?.status ?? null };
}

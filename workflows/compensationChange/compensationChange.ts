import {
  condition,
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
import type { CompensationChangeSnapshot } from '../../activities/compensation';
import type { approvalFlow } from '../approvalFlow/approvalFlow';
import { approvalChangedSignal, approvalFlowWorkflowId, approvalFlowWorkflowType } from '../approvalFlow/messages';
import { svcHrStatus, svcHrTenant } from '../searchAttributes';
import { compensationChangedSignal, type CompensationChangeInput, type CompensationChangeResult } from './messages';

// Short database transactions, idempotent: retried without end, as the leave workflow's.
const options: ActivityOptions = {
  startToCloseTimeout: '15 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
};
const { readCompensationChange } = proxyActivities<Activities>({ ...options, summary: 'Read the change proposal' });
const { applyCompensationChange } = proxyActivities<Activities>({
  ...options,
  summary: 'Apply the change: write the salary history entry',
});

/** One line for the Temporal UI's "current details". */
function describe(s: CompensationChangeSnapshot | null): string {
  if (!s) return 'The change proposal does not exist (any more).';
  const what = `Compensation change for ${s.employeeName} from ${s.effectiveDate}`;
  if (s.status === 'PENDING') return `${what}: waiting for its approval.`;
  if (s.status === 'APPROVED') return `${what}: approved, waiting for the effective date.`;
  return `${what}: ${s.status.toLowerCase()}.`;
}

/**
 * A compensation change proposal (id `compensation-change/<tenant>/<id>`), from proposed to applied: it starts the
 * proposal's approval as a child and waits for its outcome (committed by the approval engine); once APPROVED it sleeps
 * on a durable timer until the effective date begins in the tenant's calendar, then applies the change (the salary
 * history entry, once). A withdrawal (`changed`) wakes it to read again, and ends it.
 */
export async function compensationChange(input: CompensationChangeInput): Promise<CompensationChangeResult> {
  const ref = { tenantId: input.tenantId, changeId: input.changeId };
  const workflowStartedAt = workflowInfo().startTime.getTime();
  let unread = 0;
  let approval: ChildWorkflowHandle<typeof approvalFlow> | undefined;
  setHandler(compensationChangedSignal, () => {
    unread += 1;
    if (approval) void approval.signal(approvalChangedSignal).catch(() => undefined);
  });
  // With nothing timed left, read again now and then: a notice lost on its way delays, never strands.
  const recheckMs = Math.max(1, input.defaultRemindAfterMs + input.defaultEscalateAfterMs);

  let published: string | undefined;
  const read = async (): Promise<CompensationChangeSnapshot | null> => {
    unread = 0;
    const snapshot = await readCompensationChange({ ...ref, workflowStartedAt });
    setCurrentDetails(describe(snapshot));
    const status = snapshot?.status ?? 'MISSING';
    if (status !== published) {
      upsertSearchAttributes([{ key: svcHrStatus, value: status }]);
      published = status;
    }
    return snapshot;
  };

  let snapshot = await read();
  if (snapshot?.status === 'PENDING' && snapshot.approvalId) {
    try {
      approval = await startChild<typeof approvalFlow>(approvalFlowWorkflowType, {
        workflowId: approvalFlowWorkflowId(input.tenantId, snapshot.approvalId),
        args: [
          {
            tenantId: input.tenantId,
            instanceId: snapshot.approvalId,
            defaultRemindAfterMs: input.defaultRemindAfterMs,
            defaultEscalateAfterMs: input.defaultEscalateAfterMs,
          },
        ],
        typedSearchAttributes: [{ key: svcHrTenant, value: input.tenantId }],
        memo: { tenantId: input.tenantId, approvalId: snapshot.approvalId, requestType: 'compensation_change' },
        staticSummary: `Approval of the compensation change for ${snapshot.employeeName}`,
      });
      await approval.result();
    } catch {
      // Not started (its id was taken) or ended without a result: the proposal's status still decides.
    }
    snapshot = await read();
  }
  while (snapshot?.status === 'PENDING' || snapshot?.status === 'APPROVED') {
    if (snapshot.status === 'PENDING') {
      await condition(() => unread > 0, recheckMs, { summary: 'Wait for the approval' });
    } else {
      const wait = snapshot.msUntilEffective;
      const changed = wait > 0 && (await condition(() => unread > 0, wait, { summary: 'Wait for the effective date' }));
      if (!changed) await applyCompensationChange({ ...ref, workflowStartedAt });
    }
    snapshot = await read();
  }
  return { status: snapshot?.status ?? null };
}

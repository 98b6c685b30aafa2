import { defineSignal } from '@temporalio/workflow';
import type { ApprovalStatus } from '../../activities/approvalFlows';

/**
 * The public face of the approvalFlow workflow: its name, id, input, result and messages. The API (through
 * temporal/ports/approvalFlowPort.ts), the leaveApproval workflow that starts it, and tests import this file.
 */

export const approvalFlowWorkflowType = 'approvalFlow';

/** One workflow per approval instance, readable in the Temporal UI. */
export function approvalFlowWorkflowId(tenantId: string, instanceId: string): string {
  return `approval/${tenantId}/${instanceId}`;
}

export interface ApprovalFlowInput {
  tenantId: string;
  instanceId: string;
  /** How long a step without its own timing waits before its people are reminded (leave: `leave.remindAfterMs`). */
  defaultRemindAfterMs: number;
  /** How long after the reminder such a step is handed to HR (leave: `leave.escalateAfterMs`). */
  defaultEscalateAfterMs: number;
}

export interface ApprovalFlowResult {
  /** The approval's status when the workflow ended; null when it no longer exists. */
  status: ApprovalStatus | null;
}

/** Who sent a decision: for the history an operator reads. The database holds the decision itself. */
export interface DecisionNotice {
  byUserId: string;
}

/**
 * approve, reject and delegate: sent after the API committed the decision (the database is the truth, as for
 * leave). Each wakes the workflow, which reads the approval again and plans the next step's reminder.
 */
export const approveSignal = defineSignal<[DecisionNotice]>('approve');
export const rejectSignal = defineSignal<[DecisionNotice]>('reject');
export const delegateSignal = defineSignal<[DecisionNotice & { toUserId: string }]>('delegate');
/** Something else changed (the request was decided through its own API, or withdrawn): read again. */
export const approvalChangedSignal = defineSignal('changed');

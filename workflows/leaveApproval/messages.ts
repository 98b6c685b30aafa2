import { defineSignal } from '@temporalio/workflow';
import type { LeaveStatus } from '../../activities/leave';

/**
 * The public face of the leaveApproval workflow: its name, id, input, result and messages. The API (through
 * temporal/ports/leaveApprovalPort.ts) and tests import this file, never the workflow module itself.
 */

/** The workflow type, as registered by the worker (the exported function's name). */
export const leaveApprovalWorkflowType = 'leaveApproval';

/** The workflow id of a request's approval: one workflow per request, readable in the Temporal UI. */
export function leaveApprovalWorkflowId(tenantId: string, requestId: string): string {
  return `leave/${tenantId}/${requestId}`;
}

export interface LeaveApprovalInput {
  tenantId: string;
  requestId: string;
  /** How long a pending request waits before its approver is reminded (config `leave.remindAfterMs`). */
  reminderAfterMs: number;
  /** How long after the reminder a still pending request is escalated to HR (config `leave.escalateAfterMs`). */
  escalateAfterMs: number;
}

export interface LeaveApprovalResult {
  /** The request's status when the workflow ended; null when the request no longer exists. */
  status: LeaveStatus | null;
}

/**
 * "The request changed": sent after the API committed a decision or a cancellation. It carries nothing, because
 * the database is the truth: on this signal the workflow reads the request again. A signal rather than an
 * update (STYLE.md habit 4): the caller has already committed the change and needs no answer.
 */
export const changedSignal = defineSignal('changed');

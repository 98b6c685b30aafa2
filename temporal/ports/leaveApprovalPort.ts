import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import { formatDuration } from '../../config/duration';
import type { LeaveApprovalPort } from '../../engines/leave/approvalPort';
import type { leaveApproval } from '../../workflows/leaveApproval/leaveApproval';
import {
  changedSignal,
  leaveApprovalWorkflowId,
  leaveApprovalWorkflowType,
} from '../../workflows/leaveApproval/messages';
import { svcHrStatus, svcHrTenant } from '../../workflows/searchAttributes';

export interface LeaveApprovalPortOptions {
  /** The task queue the workers poll (config `temporal.taskQueue`). */
  taskQueue: string;
  /** Config `leave.remindAfterMs`: passed to each new workflow, which keeps it for its whole life. */
  remindAfterMs: number;
  /** Config `leave.escalateAfterMs`, likewise. */
  escalateAfterMs: number;
}

/**
 * The leave engine's port to Temporal: starts a request's leaveApproval workflow and tells it of changes.
 * Imports only the workflow's messages and type, never its code (STYLE.md habit 1).
 */
export function createLeaveApprovalPort(client: Client, opts: LeaveApprovalPortOptions): LeaveApprovalPort {
  return {
    /**
     * Starts the workflow of a committed request. Starting it twice (the API and the reconciler, or a retry)
     * is harmless: the second start finds the first (running or completed) and answers the same id. Only a
     * workflow that failed or was terminated may be started again under its id.
     */
    async start({ tenantId, requestId, summary, status }) {
      const workflowId = leaveApprovalWorkflowId(tenantId, requestId);
      try {
        await client.workflow.start<typeof leaveApproval>(leaveApprovalWorkflowType, {
          workflowId,
          taskQueue: opts.taskQueue,
          args: [{ tenantId, requestId, reminderAfterMs: opts.remindAfterMs, escalateAfterMs: opts.escalateAfterMs }],
          workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
          typedSearchAttributes: [
            { key: svcHrTenant, value: tenantId },
            ...(status ? [{ key: svcHrStatus, value: status }] : []),
          ],
          memo: { tenantId, requestId },
          staticSummary: summary ? `Leave approval: ${summary}` : `Approval of leave request ${requestId}`,
          staticDetails:
            `Leave request ${requestId} of tenant ${tenantId}. Reminds the approver after ` +
            `${formatDuration(opts.remindAfterMs)}, escalates to HR ${formatDuration(opts.escalateAfterMs)} later; ` +
            'moves an approved leave to IN_PROGRESS on its first day and to COMPLETED after its last.',
        });
      } catch (error) {
        if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
      }
      return { workflowId };
    },

    /**
     * Tells the request's workflow to read the request again. A workflow that has ended (its request reached a
     * final state) or was never started (the reconciler will start it, and it reads the state then) needs no
     * notice, so "not found" is not an error.
     */
    async notifyChanged({ tenantId, requestId }) {
      try {
        await client.workflow.getHandle(leaveApprovalWorkflowId(tenantId, requestId)).signal(changedSignal);
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
    },
  };
}

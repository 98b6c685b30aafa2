import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { ApprovalFlowPort } from '../../engines/approvalFlows/approvalPort';
import {
  approvalFlowWorkflowId,
  approveSignal,
  delegateSignal,
  rejectSignal,
} from '../../workflows/approvalFlow/messages';

/**
 * The approval engine's port to Temporal: signals an approval's workflow after a decision committed. A workflow
 * not found (not started yet by its request's workflow, or already ended) needs no notice: it reads the
 * approval when it starts. Imports only the workflow's messages, never its code (STYLE.md habit 1).
 */
export function createApprovalFlowPort(client: Client): ApprovalFlowPort {
  return {
    async notify({ tenantId, instanceId }, notice) {
      const handle = client.workflow.getHandle(approvalFlowWorkflowId(tenantId, instanceId));
      try {
        if (notice.kind === 'approve') await handle.signal(approveSignal, { byUserId: notice.byUserId });
        else if (notice.kind === 'reject') await handle.signal(rejectSignal, { byUserId: notice.byUserId });
        else await handle.signal(delegateSignal, { byUserId: notice.byUserId, toUserId: notice.toUserId ?? '' });
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
    },
  };
}

import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { CompensationChangePort } from '../../engines/compensation/compensationPort';
import type { compensationChange } from '../../workflows/compensationChange/compensationChange';
import {
  compensationChangedSignal,
  compensationChangeWorkflowId,
  compensationChangeWorkflowType,
} from '../../workflows/compensationChange/messages';
import { svcHrTenant } from '../../workflows/searchAttributes';

/**
 * The compensation engine's port to Temporal: starts a proposal's workflow, and tells it of a withdrawal. Imports
 * only the workflow's messages and type (STYLE.md habit 1).
 */
export function createCompensationChangePort(
  client: Client,
  opts: { taskQueue: string; remindAfterMs: number; escalateAfterMs: number },
): CompensationChangePort {
  return {
    async start({ tenantId, changeId }) {
      const workflowId = compensationChangeWorkflowId(tenantId, changeId);
      try {
        await client.workflow.start<typeof compensationChange>(compensationChangeWorkflowType, {
          workflowId,
          taskQueue: opts.taskQueue,
          args: [
            {
              tenantId,
              changeId,
              defaultRemindAfterMs: opts.remindAfterMs,
              defaultEscalateAfterMs: opts.escalateAfterMs,
            },
          ],
          workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
          typedSearchAttributes: [{ key: svcHrTenant, value: tenantId }],
          memo: { tenantId, changeId },
          staticSummary: `Compensation change ${changeId}`,
        });
      } catch (error) {
        if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
      }
      return workflowId;
    },
    async notify({ tenantId, changeId }) {
      try {
        await client.workflow
          .getHandle(compensationChangeWorkflowId(tenantId, changeId))
          .signal(compensationChangedSignal);
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
    },
  };
}

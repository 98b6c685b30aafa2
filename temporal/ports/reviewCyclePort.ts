import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import { reviewCycleWorkflowId, type ReviewCyclePort } from '../../engines/performance/reviewCyclePort';
import type { reviewCycle } from '../../workflows/reviewCycle/reviewCycle';
import { reviewCycleChangedSignal, reviewCycleWorkflowType } from '../../workflows/reviewCycle/messages';
import { svcHrTenant } from '../../workflows/searchAttributes';

/**
 * The performance engine's port to Temporal: starts a launched cycle's workflow, and tells it of a cancellation.
 * Imports only the workflow's messages and type (STYLE.md habit 1).
 */
export function createReviewCyclePort(client: Client, opts: { taskQueue: string }): ReviewCyclePort {
  return {
    async start({ tenantId, cycleId }) {
      const workflowId = reviewCycleWorkflowId(tenantId, cycleId);
      try {
        await client.workflow.start<typeof reviewCycle>(reviewCycleWorkflowType, {
          workflowId,
          taskQueue: opts.taskQueue,
          args: [{ tenantId, cycleId }],
          workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
          typedSearchAttributes: [{ key: svcHrTenant, value: tenantId }],
          memo: { tenantId, cycleId },
          staticSummary: `Review cycle ${cycleId}`,
          staticDetails: 'Opens the reviews on the opening day, reminds once three days before the close, closes.',
        });
      } catch (error) {
        if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
      }
      return workflowId;
    },
    async notify({ tenantId, cycleId }) {
      try {
        await client.workflow.getHandle(reviewCycleWorkflowId(tenantId, cycleId)).signal(reviewCycleChangedSignal);
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
    },
  };
}

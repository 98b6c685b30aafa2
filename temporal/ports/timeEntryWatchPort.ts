import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { TimeEntryWatchPort } from '../../engines/timeTracking/entryWatchPort';
import type { timeEntryWatch } from '../../workflows/timeEntryWatch/timeEntryWatch';
import {
  entryClosedSignal,
  timeEntryWatchWorkflowId,
  timeEntryWatchWorkflowType,
} from '../../workflows/timeEntryWatch/messages';
import { svcHrTenant } from '../../workflows/searchAttributes';

/**
 * Time Tracking's port to Temporal: starts the watch of an open entry and signals it when the entry closes. Imports
 * only the workflow's messages and type, never its code (STYLE.md habit 1).
 */
export function createTimeEntryWatchPort(client: Client, opts: { taskQueue: string }): TimeEntryWatchPort {
  return {
    async start({ tenantId, entryId }) {
      try {
        await client.workflow.start<typeof timeEntryWatch>(timeEntryWatchWorkflowType, {
          workflowId: timeEntryWatchWorkflowId(tenantId, entryId),
          taskQueue: opts.taskQueue,
          args: [{ tenantId, entryId }],
          workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
          typedSearchAttributes: [{ key: svcHrTenant, value: tenantId }],
          memo: { tenantId, entryId },
          staticSummary: `Forgotten clock-out watch of time entry ${entryId}`,
        });
      } catch (error) {
        if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
      }
    },
    async closed({ tenantId, entryId }) {
      try {
        await client.workflow.getHandle(timeEntryWatchWorkflowId(tenantId, entryId)).signal(entryClosedSignal);
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
    },
  };
}

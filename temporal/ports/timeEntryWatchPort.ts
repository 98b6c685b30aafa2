import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { TimeEntryWatchPort } from '../../engines/timeTracking/entryWatchPort';
import type { timeEntryWatch } from '../../workflows/timeEntryWatch/timeEntryWatch';
import {
  entryClosedSignal,
  timeEntryWatchWorkflowId,
  timeEntryWatchWorkflowType,
} from '../../workflows/timeEntryWatch/messages';
import { svcHrStatus, svcHrTenant } from '../../workflows/searchAttributes';
import type { PrismaClient } from '../../db/prismaClient';
import { timeEntryWords, wordsOrNothing } from '../../engines/workflowSummaries';

/**
 * Time Tracking's port to Temporal: starts the watch of an open entry and signals it when the entry closes. Imports
 * only the workflow's messages and type, never its code (STYLE.md habit 1). Given the database (`prisma`), a start
 * reads the entry for its summary in words (whose, clocked in when: engines/workflowSummaries.ts).
 */
export function createTimeEntryWatchPort(
  client: Client,
  opts: { taskQueue: string; prisma?: Pick<PrismaClient, '$queryRaw'> | undefined },
): TimeEntryWatchPort {
  const { prisma } = opts;
  return {
    async start({ tenantId, entryId }) {
      const words = prisma ? await wordsOrNothing(() => timeEntryWords(prisma, { tenantId, entryId })) : undefined;
      try {
        await client.workflow.start<typeof timeEntryWatch>(timeEntryWatchWorkflowType, {
          workflowId: timeEntryWatchWorkflowId(tenantId, entryId),
          taskQueue: opts.taskQueue,
          args: [{ tenantId, entryId }],
          workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
          // The watch publishes OPEN as its first step; set at start, a list query finds it from the first instant.
          typedSearchAttributes: [
            { key: svcHrTenant, value: tenantId },
            { key: svcHrStatus, value: words?.status ?? 'OPEN' },
          ],
          memo: { tenantId, entryId },
          staticSummary: words?.summary ?? `Forgotten clock-out watch of time entry ${entryId}`,
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

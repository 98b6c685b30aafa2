import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { CompensationChangePort } from '../../engines/compensation/compensationPort';
import type { compensationChange } from '../../workflows/compensationChange/compensationChange';
import {
  compensationChangedSignal,
  compensationChangeWorkflowId,
  compensationChangeWorkflowType,
} from '../../workflows/compensationChange/messages';
import { svcHrStatus, svcHrTenant } from '../../workflows/searchAttributes';
import type { PrismaClient } from '../../db/prismaClient';
import { compensationChangeWords, wordsOrNothing } from '../../engines/workflowSummaries';

/**
 * The compensation engine's port to Temporal: starts a proposal's workflow, and tells it of a withdrawal. Imports
 * only the workflow's messages and type (STYLE.md habit 1). Given the database (`prisma`), a start reads the
 * proposal for its summary in words (who, from when; never the amount) and its status (engines/workflowSummaries.ts).
 */
export function createCompensationChangePort(
  client: Client,
  opts: {
    taskQueue: string;
    remindAfterMs: number;
    escalateAfterMs: number;
    prisma?: Pick<PrismaClient, '$queryRaw'> | undefined;
  },
): CompensationChangePort {
  const { prisma } = opts;
  return {
    async start({ tenantId, changeId }) {
      const workflowId = compensationChangeWorkflowId(tenantId, changeId);
      const words = prisma
        ? await wordsOrNothing(() => compensationChangeWords(prisma, { tenantId, changeId }))
        : undefined;
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
          typedSearchAttributes: [
            { key: svcHrTenant, value: tenantId },
            ...(words?.status ? [{ key: svcHrStatus, value: words.status }] : []),
          ],
          memo: { tenantId, changeId },
          staticSummary: words?.summary ?? `Compensation change ${changeId}`,
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

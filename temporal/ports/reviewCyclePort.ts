import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import { reviewCycleWorkflowId, type ReviewCyclePort } from '../../engines/performance/reviewCyclePort';
import type { reviewCycle } from '../../workflows/reviewCycle/reviewCycle';
import { reviewCycleChangedSignal, reviewCycleWorkflowType } from '../../workflows/reviewCycle/messages';
import { svcHrStatus, svcHrTenant } from '../../workflows/searchAttributes';
import type { PrismaClient } from '../../db/prismaClient';
import { reviewCycleWords, wordsOrNothing } from '../../engines/workflowSummaries';

/**
 * The performance engine's port to Temporal: starts a launched cycle's workflow, and tells it of a cancellation.
 * Imports only the workflow's messages and type (STYLE.md habit 1). Given the database (`prisma`), a start reads the
 * cycle for its summary in words (its name and days) and its status (engines/workflowSummaries.ts).
 */
export function createReviewCyclePort(
  client: Client,
  opts: { taskQueue: string; prisma?: Pick<PrismaClient, '$queryRaw'> | undefined },
): ReviewCyclePort {
  const { prisma } = opts;
  return {
    async start({ tenantId, cycleId }) {
      const workflowId = reviewCycleWorkflowId(tenantId, cycleId);
      const words = prisma ? await wordsOrNothing(() => reviewCycleWords(prisma, { tenantId, cycleId })) : undefined;
      try {
        await client.workflow.start<typeof reviewCycle>(reviewCycleWorkflowType, {
          workflowId,
          taskQueue: opts.taskQueue,
          args: [{ tenantId, cycleId }],
          workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
          typedSearchAttributes: [
            { key: svcHrTenant, value: tenantId },
            ...(words?.status ? [{ key: svcHrStatus, value: words.status }] : []),
          ],
          memo: { tenantId, cycleId },
          staticSummary: words?.summary ?? `Review cycle ${cycleId}`,
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

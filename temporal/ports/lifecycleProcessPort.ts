import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { LifecycleProcessPort } from '../../engines/lifecycle/lifecyclePort';
import type { lifecycleProcess } from '../../workflows/lifecycleProcess/lifecycleProcess';
import {
  lifecycleChangedSignal,
  lifecycleProcessWorkflowId,
  lifecycleProcessWorkflowType,
} from '../../workflows/lifecycleProcess/messages';
import { svcHrStatus, svcHrTenant } from '../../workflows/searchAttributes';
import type { PrismaClient } from '../../db/prismaClient';
import { lifecycleProcessWords, wordsOrNothing } from '../../engines/workflowSummaries';

/**
 * The lifecycle engine's port to Temporal: starts an onboarding's or offboarding's workflow and tells it of a
 * change. Imports only the workflow's messages and type (STYLE.md habit 1). One workflow per process: a second
 * start while it runs, or after it ended well, is refused by Temporal and harmless here. Given the database
 * (`prisma`), a start reads the process for its summary in words (whose, which day) and its status
 * (engines/workflowSummaries.ts).
 */
export function createLifecycleProcessPort(
  client: Client,
  opts: { taskQueue: string; recheckMs?: number; prisma?: Pick<PrismaClient, '$queryRaw'> | undefined },
): LifecycleProcessPort {
  const { prisma } = opts;
  return {
    async start({ tenantId, processId, kind }) {
      const workflowId = lifecycleProcessWorkflowId(kind, tenantId, processId);
      const words = prisma
        ? await wordsOrNothing(() => lifecycleProcessWords(prisma, { tenantId, processId }))
        : undefined;
      try {
        await client.workflow.start<typeof lifecycleProcess>(lifecycleProcessWorkflowType, {
          workflowId,
          taskQueue: opts.taskQueue,
          args: [{ tenantId, processId, kind, recheckMs: opts.recheckMs ?? 3_600_000 }],
          // A cancelled offboarding opened again by a new termination runs a new workflow under the same id.
          workflowIdReusePolicy: 'ALLOW_DUPLICATE',
          typedSearchAttributes: [
            { key: svcHrTenant, value: tenantId },
            { key: svcHrStatus, value: words?.status ?? 'ACTIVE' },
          ],
          memo: { tenantId, processId, kind },
          staticSummary:
            words?.summary ?? `${kind === 'onboarding' ? 'Onboarding' : 'Offboarding'} process ${processId}`,
        });
      } catch (error) {
        if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
      }
      return workflowId;
    },
    async notify({ tenantId, processId, kind }) {
      try {
        await client.workflow
          .getHandle(lifecycleProcessWorkflowId(kind, tenantId, processId))
          .signal(lifecycleChangedSignal);
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
    },
  };
}

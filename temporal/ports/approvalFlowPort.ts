import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { approvalFlow } from '../../workflows/approvalFlow/approvalFlow';
import { svcHrStatus, svcHrTenant } from '../../workflows/searchAttributes';
import type { ApprovalFlowPort } from '../../engines/approvalFlows/approvalPort';
import { approvalWords, wordsOrNothing } from '../../engines/workflowSummaries';
import type { PrismaClient } from '../../db/prismaClient';
import {
  approvalFlowWorkflowId,
  approvalFlowWorkflowType,
  approvalChangedSignal,
  approveSignal,
  delegateSignal,
  rejectSignal,
} from '../../workflows/approvalFlow/messages';

/**
 * The approval engine's port to Temporal: signals an approval's workflow after a decision committed. A workflow
 * not found (not started yet by its request's workflow, or already ended) needs no notice: it reads the
 * approval when it starts. Imports only the workflow's messages, never its code (STYLE.md habit 1). Given the
 * database (`prisma`), a start reads the approval for its summary in words and its status (engines/workflowSummaries.ts).
 */
export function createApprovalFlowPort(
  client: Client,
  opts: {
    taskQueue: string;
    remindAfterMs: number;
    escalateAfterMs: number;
    prisma?: Pick<PrismaClient, '$queryRaw'> | undefined;
  },
): ApprovalFlowPort {
  const { prisma } = opts;
  return {
    async start({ tenantId, instanceId }) {
      const words = prisma ? await wordsOrNothing(() => approvalWords(prisma, { tenantId, instanceId })) : undefined;
      try {
        await client.workflow.start<typeof approvalFlow>(approvalFlowWorkflowType, {
          workflowId: approvalFlowWorkflowId(tenantId, instanceId),
          taskQueue: opts.taskQueue,
          args: [
            {
              tenantId,
              instanceId,
              defaultRemindAfterMs: opts.remindAfterMs,
              defaultEscalateAfterMs: opts.escalateAfterMs,
            },
          ],
          workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
          typedSearchAttributes: [
            { key: svcHrTenant, value: tenantId },
            ...(words?.status ? [{ key: svcHrStatus, value: words.status }] : []),
          ],
          memo: { tenantId, approvalId: instanceId },
          staticSummary: words?.summary ?? `Approval ${instanceId}`,
        });
      } catch (error) {
        if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
      }
    },
    async notify({ tenantId, instanceId }, notice) {
      const handle = client.workflow.getHandle(approvalFlowWorkflowId(tenantId, instanceId));
      try {
        if (notice.kind === 'approve') await handle.signal(approveSignal, { byUserId: notice.byUserId });
        else if (notice.kind === 'reject') await handle.signal(rejectSignal, { byUserId: notice.byUserId });
        else if (notice.kind === 'delegate') {
          await handle.signal(delegateSignal, { byUserId: notice.byUserId, toUserId: notice.toUserId ?? '' });
        } else await handle.signal(approvalChangedSignal);
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
    },
  };
}

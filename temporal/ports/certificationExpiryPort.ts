import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { CertificationExpiryPort } from '../../engines/certificates/expiryPort';
import type { certificateExpiry } from '../../workflows/certificateExpiry/certificateExpiry';
import {
  certificateExpiryWorkflowId,
  certificateExpiryWorkflowType,
  certificationChangedSignal,
} from '../../workflows/certificateExpiry/messages';
import { svcHrTenant } from '../../workflows/searchAttributes';
import type { PrismaClient } from '../../db/prismaClient';
import { certificationWords, wordsOrNothing } from '../../engines/workflowSummaries';

/**
 * The certificates engine's port to Temporal: starts a certification's expiry workflow or wakes the running one
 * (signal-with-start: one call either way), and tells it of a deletion. Imports only the workflow's messages and
 * type (STYLE.md habit 1). Given the database (`prisma`), a start reads the certification for its summary in words
 * (whose, which certification: engines/workflowSummaries.ts); the workflow publishes its status at its first read.
 */
export function createCertificationExpiryPort(
  client: Client,
  opts: { taskQueue: string; prisma?: Pick<PrismaClient, '$queryRaw'> | undefined },
): CertificationExpiryPort {
  const { prisma } = opts;
  return {
    async watch({ tenantId, certificationId }) {
      const workflowId = certificateExpiryWorkflowId(tenantId, certificationId);
      const words = prisma
        ? await wordsOrNothing(() => certificationWords(prisma, { tenantId, certificationId }))
        : undefined;
      await client.workflow.signalWithStart<typeof certificateExpiry, []>(certificateExpiryWorkflowType, {
        workflowId,
        taskQueue: opts.taskQueue,
        args: [{ tenantId, certificationId }],
        signal: certificationChangedSignal,
        signalArgs: [],
        typedSearchAttributes: [{ key: svcHrTenant, value: tenantId }],
        memo: { tenantId, certificationId },
        staticSummary: words?.summary ?? `Expiry reminders of certification ${certificationId}`,
      });
      return workflowId;
    },
    async notify({ tenantId, certificationId }) {
      try {
        await client.workflow
          .getHandle(certificateExpiryWorkflowId(tenantId, certificationId))
          .signal(certificationChangedSignal);
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
    },
  };
}

import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { CertificationExpiryPort } from '../../engines/certificates/expiryPort';
import type { certificateExpiry } from '../../workflows/certificateExpiry/certificateExpiry';
import {
  certificateExpiryWorkflowId,
  certificateExpiryWorkflowType,
  certificationChangedSignal,
} from '../../workflows/certificateExpiry/messages';
import { svcHrTenant } from '../../workflows/searchAttributes';

/**
 * The certificates engine's port to Temporal: starts a certification's expiry workflow or wakes the running one
 * (signal-with-start: one call either way), and tells it of a deletion. Imports only the workflow's messages and
 * type (STYLE.md habit 1).
 */
export function createCertificationExpiryPort(client: Client, opts: { taskQueue: string }): CertificationExpiryPort {
  return {
    async watch({ tenantId, certificationId }) {
      const workflowId = certificateExpiryWorkflowId(tenantId, certificationId);
      await client.workflow.signalWithStart<typeof certificateExpiry, []>(certificateExpiryWorkflowType, {
        workflowId,
        taskQueue: opts.taskQueue,
        args: [{ tenantId, certificationId }],
        signal: certificationChangedSignal,
        signalArgs: [],
        typedSearchAttributes: [{ key: svcHrTenant, value: tenantId }],
        memo: { tenantId, certificationId },
        staticSummary: `Expiry reminders of certification ${certificationId}`,
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

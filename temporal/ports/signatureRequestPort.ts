import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { SignatureRequestPort } from '../../engines/eSignatures/signaturePort';
import type { eSignatureRequest } from '../../workflows/eSignatureRequest/eSignatureRequest';
import {
  eSignatureRequestWorkflowId,
  eSignatureRequestWorkflowType,
  signatureRequestChangedSignal,
} from '../../workflows/eSignatureRequest/messages';
import { svcHrTenant } from '../../workflows/searchAttributes';

/**
 * The E-Signatures engine's port to Temporal: starts a request's workflow or wakes the running one (signal-with-
 * start: one call either way), and tells it of a signature or decline. Imports only the workflow's messages and
 * type (STYLE.md habit 1).
 */
export function createSignatureRequestPort(client: Client, opts: { taskQueue: string }): SignatureRequestPort {
  return {
    async watch({ tenantId, requestId }) {
      const workflowId = eSignatureRequestWorkflowId(tenantId, requestId);
      await client.workflow.signalWithStart<typeof eSignatureRequest, []>(eSignatureRequestWorkflowType, {
        workflowId,
        taskQueue: opts.taskQueue,
        args: [{ tenantId, requestId }],
        signal: signatureRequestChangedSignal,
        signalArgs: [],
        typedSearchAttributes: [{ key: svcHrTenant, value: tenantId }],
        memo: { tenantId, requestId },
        staticSummary: `Signature request ${requestId}: reminders and expiry`,
      });
      return workflowId;
    },
    async notify({ tenantId, requestId }) {
      try {
        await client.workflow
          .getHandle(eSignatureRequestWorkflowId(tenantId, requestId))
          .signal(signatureRequestChangedSignal);
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
    },
  };
}

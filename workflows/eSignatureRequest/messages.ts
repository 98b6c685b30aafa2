import { defineSignal } from '@temporalio/workflow';

/**
 * The public face of the eSignatureRequest workflow: its name, id, input, result and signal. The API (through
 * temporal/ports/signatureRequestPort.ts) and tests import this file, never the workflow.
 */
export const eSignatureRequestWorkflowType = 'eSignatureRequest';

export function eSignatureRequestWorkflowId(tenantId: string, requestId: string): string {
  return `e-signature/${tenantId}/${requestId}`;
}

export interface ESignatureRequestInput {
  tenantId: string;
  requestId: string;
}

export interface ESignatureRequestResult {
  /** The request's status when the workflow ended (completed, declined, expired); null when it no longer exists. */
  status: string | null;
  /** How many reminders this run sent. */
  reminders: number;
}

/** The request changed (signed, declined, its document deleted): read it again. */
export const signatureRequestChangedSignal = defineSignal('changed');

import { defineSignal } from '@temporalio/workflow';

/**
 * The public face of the certificateExpiry workflow: its name, id, input, result and signal. The API (through
 * temporal/ports/certificationExpiryPort.ts), the worker's reconciler and tests import this file, never the workflow.
 */
export const certificateExpiryWorkflowType = 'certificateExpiry';

export function certificateExpiryWorkflowId(tenantId: string, certificationId: string): string {
  return `certificate-expiry/${tenantId}/${certificationId}`;
}

export interface CertificateExpiryInput {
  tenantId: string;
  certificationId: string;
}

export interface CertificateExpiryResult {
  /** The expiry date the workflow last watched; null when the certification had none or was deleted. */
  expiryDate: string | null;
  /** The reminders this run sent, in order (`7d`, `expired`). */
  sent: string[];
}

/** The certification changed (a new expiry date, none any more, deleted): read it again. */
export const certificationChangedSignal = defineSignal('changed');

import { defineSignal } from '@temporalio/workflow';

/**
 * The public face of the compensationChange workflow: its name, id, input, result and signal. The API (through
 * temporal/ports/compensationChangePort.ts), the worker's reconciler and tests import this file, never the workflow.
 */
export const compensationChangeWorkflowType = 'compensationChange';

export function compensationChangeWorkflowId(tenantId: string, changeId: string): string {
  return `compensation-change/${tenantId}/${changeId}`;
}

export interface CompensationChangeInput {
  tenantId: string;
  changeId: string;
  /** The approval's default reminder and escalation delays, for the approval child it starts. */
  defaultRemindAfterMs: number;
  defaultEscalateAfterMs: number;
}

export interface CompensationChangeResult {
  /** The proposal's status when the workflow ended (APPLIED, REJECTED, CANCELLED); null when it no longer exists. */
  status: string | null;
}

/** The proposal changed outside its approval (withdrawn): read it again. */
export const compensationChangedSignal = defineSignal('changed');

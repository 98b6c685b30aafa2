import { defineSignal } from '@temporalio/workflow';

/**
 * The public face of the payrollRun workflow: its name, id, input, result and signal. The API (through
 * temporal/ports/payrollRunPort.ts), the worker's reconciler and tests import this file, never the workflow.
 */
export const payrollRunWorkflowType = 'payrollRun';

export function payrollRunWorkflowId(tenantId: string, runId: string): string {
  return `payroll-run/${tenantId}/${runId}`;
}

export interface PayrollRunInput {
  tenantId: string;
  runId: string;
  /** People per gathering activity (config `SVC_HR_PAYROLL_PAGE_SIZE`): one short transaction each. */
  pageSize: number;
  /** How often to read the run again while it waits for review with no notice (a notice lost delays, never strands). */
  recheckMs: number;
}

export interface PayrollRunResult {
  /** PAID or CANCELLED; null when the run no longer exists. */
  status: string | null;
  payslips: number;
}

/** The run was approved or cancelled: read it again. */
export const payrollRunChangedSignal = defineSignal('changed');

import { defineSignal } from '@temporalio/workflow';

/**
 * The public face of the lifecycleProcess workflow: its name, ids, input and signal. The API (through
 * temporal/ports/lifecycleProcessPort.ts), the worker's reconciler and tests import this file, never the workflow.
 */
export const lifecycleProcessWorkflowType = 'lifecycleProcess';

export type LifecycleKind = 'onboarding' | 'offboarding';

/** `onboarding/<tenant>/<id>` or `offboarding/<tenant>/<id>`. */
export function lifecycleProcessWorkflowId(kind: LifecycleKind, tenantId: string, processId: string): string {
  return `${kind}/${tenantId}/${processId}`;
}

export interface LifecycleProcessInput {
  tenantId: string;
  processId: string;
  kind: LifecycleKind;
  /**
   * With nothing timed left (every reminder sent), read the process again after this long: a signal lost on its
   * way delays the end, never strands it.
   */
  recheckMs: number;
  /** The first run's start (ms), kept across continue-as-new: the origin of a test time scale. */
  startedAt?: number;
}

export interface LifecycleProcessResult {
  /** The process's status when the workflow ended; null when it no longer exists. */
  status: string | null;
}

/** A task or the process changed (done, skipped, cancelled): read it again. */
export const lifecycleChangedSignal = defineSignal('changed');

import { defineSignal } from '@temporalio/workflow';

/**
 * The public face of the reviewCycle workflow: its name, input, result and signal. The API (through
 * temporal/ports/reviewCyclePort.ts) and tests import this file, never the workflow. Its id,
 * `review-cycle/<tenant>/<cycle>`, is the engine's (engines/performance/reviewCyclePort.ts).
 */
export const reviewCycleWorkflowType = 'reviewCycle';

export interface ReviewCycleInput {
  tenantId: string;
  cycleId: string;
}

export interface ReviewCycleResult {
  /** CLOSED, CANCELLED (or RELEASED, DRAFT when read so); null when the cycle no longer exists. */
  status: string | null;
}

/** The cycle changed outside its workflow (cancelled): read it again. */
export const reviewCycleChangedSignal = defineSignal('changed');

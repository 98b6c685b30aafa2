/**
 * The performance engine's port to the durable process of a review cycle (the Temporal workflow `reviewCycle`,
 * `review-cycle/<tenant>/<id>`): it opens the reviews on the opening day, reminds once and closes the cycle. The
 * engine commits, then starts or tells the workflow through this port.
 */
export interface ReviewCycleRef {
  tenantId: string;
  cycleId: string;
}

export interface ReviewCyclePort {
  /** Starts a launched cycle's workflow; starting twice is harmless. */
  start(ref: ReviewCycleRef): Promise<void>;
  /** The cycle changed outside its workflow (cancelled): the workflow reads it again. */
  notify(ref: ReviewCycleRef): Promise<void>;
}

/** The readable id of a cycle's workflow. */
export function reviewCycleWorkflowId(tenantId: string, cycleId: string): string {
  return `review-cycle/${tenantId}/${cycleId}`;
}

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
  /** Starts a launched cycle's workflow and answers its id; starting twice is harmless. */
  start(ref: ReviewCycleRef): Promise<string>;
  /** The cycle changed outside its workflow (cancelled): the workflow reads it again. */
  notify(ref: ReviewCycleRef): Promise<void>;
}

/** The readable id of a cycle's workflow. */
export function reviewCycleWorkflowId(tenantId: string, cycleId: string): string {
  return `review-cycle/${tenantId}/${cycleId}`;
}

/**
 * Starts a launched cycle's workflow after its commit and records its id; a failure is logged and leaves the id
 * null, for the worker's reconciler (temporal/worker/processReconciler.ts) to see to.
 */
export async function startReviewCycleWorkflow(
  prisma: { reviewCycle: { updateMany: (args: { where: object; data: object }) => Promise<unknown> } },
  port: ReviewCyclePort | undefined,
  ref: ReviewCycleRef,
  log?: { warn(obj: object, msg: string): void },
): Promise<boolean> {
  if (!port) return false;
  try {
    const workflowId = await port.start(ref);
    await prisma.reviewCycle.updateMany({ where: { id: ref.cycleId, tenantId: ref.tenantId }, data: { workflowId } });
    return true;
  } catch (err) {
    log?.warn({ err, ...ref }, 'review cycle workflow not started; the reconciler will see to it');
    return false;
  }
}

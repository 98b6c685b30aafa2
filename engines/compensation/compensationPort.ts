/**
 * The compensation engine's port to the durable process of a change proposal (the Temporal workflow
 * `compensationChange`, `compensation-change/<tenant>/<id>`): it follows the proposal's approval and applies the
 * approved change on its effective date. The engine commits, then starts or tells the workflow through this port.
 */
export interface CompensationChangeRef {
  tenantId: string;
  changeId: string;
}

export interface CompensationChangePort {
  /** Starts the workflow of a proposal just made and answers its id; starting twice is harmless. */
  start(ref: CompensationChangeRef): Promise<string>;
  /** The proposal changed outside its approval (withdrawn): the workflow reads it again. */
  notify(ref: CompensationChangeRef): Promise<void>;
}

/**
 * Starts a proposal's workflow after its commit and records its id; a failure is logged and leaves the id null, for
 * the worker's reconciler (temporal/worker/processReconciler.ts) to see to.
 */
export async function startCompensationChangeWorkflow(
  prisma: { compensationChange: { updateMany: (args: { where: object; data: object }) => Promise<unknown> } },
  port: CompensationChangePort | undefined,
  ref: CompensationChangeRef,
  log?: { warn(obj: object, msg: string): void },
): Promise<boolean> {
  if (!port) return false;
  try {
    const workflowId = await port.start(ref);
    await prisma.compensationChange.updateMany({
      where: { id: ref.changeId, tenantId: ref.tenantId },
      data: { workflowId },
    });
    return true;
  } catch (err) {
    log?.warn({ err, ...ref }, 'compensation change workflow not started; the reconciler will see to it');
    return false;
  }
}

/**
 * The approval engine's port to the durable approval process (the Temporal workflow `approvalFlow`): after a
 * decision is committed, its workflow is told, and reads the approval again. A failure is logged, never thrown:
 * the decision is committed, and the workflow re-reads on its own timers.
 */
export interface ApprovalNotice {
  /** changed: something else (the request was withdrawn through its own API). */
  kind: 'approve' | 'reject' | 'delegate' | 'changed';
  byUserId: string;
  toUserId?: string | undefined;
}

export interface ApprovalFlowPort {
  notify(ref: { tenantId: string; instanceId: string }, notice: ApprovalNotice): Promise<void>;
  /**
   * Starts the workflow of an approval whose request has no workflow of its own to start it (work from anywhere;
   * a leave request's workflow starts its approval's as a child). Starting twice is harmless.
   */
  start(ref: { tenantId: string; instanceId: string }): Promise<void>;
}

/**
 * Starts an approval's workflow after its request committed, and records its id; a failure is logged and leaves
 * the id null, which the approval reconciler (temporal/worker/approvalReconciler.ts) sees to.
 */
export async function startApprovalFlowWorkflow(
  prisma: { approvalInstance: { updateMany: (args: { where: object; data: object }) => Promise<unknown> } },
  port: ApprovalFlowPort | undefined,
  ref: { tenantId: string; instanceId: string },
  log?: { warn(obj: object, msg: string): void },
): Promise<boolean> {
  if (!port) return false;
  try {
    await port.start(ref);
    await prisma.approvalInstance.updateMany({
      where: { id: ref.instanceId, tenantId: ref.tenantId },
      data: { workflowId: `approval/${ref.tenantId}/${ref.instanceId}` },
    });
    return true;
  } catch (err) {
    log?.warn({ err, ...ref }, 'approval workflow not started; the reconciler will see to it');
    return false;
  }
}

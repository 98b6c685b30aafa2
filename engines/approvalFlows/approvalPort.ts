/**
 * The approval engine's port to the durable approval process (the Temporal workflow `approvalFlow`): after a
 * decision is committed, its workflow is told, and reads the approval again. A failure is logged, never thrown:
 * the decision is committed, and the workflow re-reads on its own timers.
 */
export interface ApprovalNotice {
  kind: 'approve' | 'reject' | 'delegate';
  byUserId: string;
  toUserId?: string | undefined;
}

export interface ApprovalFlowPort {
  notify(ref: { tenantId: string; instanceId: string }, notice: ApprovalNotice): Promise<void>;
}

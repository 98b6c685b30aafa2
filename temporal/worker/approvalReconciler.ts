import type { PrismaClient } from '../../db/prismaClient';
import { startApprovalFlowWorkflow, type ApprovalFlowPort } from '../../engines/approvalFlows/approvalPort';
import { startPeriodicPass } from './periodicPass';

/**
 * Request types whose approval's workflow is a child of the request's own workflow (the leave request's, the
 * compensation change's), started by it: their reconcilers see to them (leaveReconciler.ts, processReconciler.ts).
 */
const startedByTheirRequest = ['leave', 'compensation_change'] as const;

/**
 * Starts the workflow of every pending approval that should have its own and has none: the API starts it right
 * after the request commits; when Temporal is unreachable then, this gives it one later.
 */
export async function reconcileApprovalWorkflows(opts: {
  prisma: PrismaClient;
  port: ApprovalFlowPort;
  graceMs?: number;
  batchSize?: number;
  onFailure?: (failure: { tenantId: string; instanceId: string; error: unknown }) => void;
}): Promise<{ started: number; failed: number }> {
  const orphans = await opts.prisma.approvalInstance.findMany({
    where: {
      workflowId: null,
      status: 'PENDING',
      requestType: { notIn: [...startedByTheirRequest] },
      createdAt: { lte: new Date(Date.now() - (opts.graceMs ?? 30_000)) },
    },
    select: { id: true, tenantId: true },
    orderBy: { createdAt: 'asc' },
    take: opts.batchSize ?? 100,
  });
  let started = 0;
  for (const orphan of orphans) {
    const ref = { tenantId: orphan.tenantId, instanceId: orphan.id };
    const ok = await startApprovalFlowWorkflow(opts.prisma, opts.port, ref, {
      warn: (obj) => opts.onFailure?.({ ...ref, error: (obj as { err?: unknown }).err }),
    });
    if (ok) started += 1;
  }
  return { started, failed: orphans.length - started };
}

export function startApprovalReconciler(
  opts: Parameters<typeof reconcileApprovalWorkflows>[0] & {
    intervalSeconds: number;
    onPass?: (result: { started: number; failed: number }) => void;
    onError: (error: unknown) => void;
  },
): { stop(): Promise<void> } {
  return startPeriodicPass({ ...opts, pass: () => reconcileApprovalWorkflows(opts) });
}

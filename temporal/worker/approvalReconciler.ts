import type { PrismaClient } from '../../db/prismaClient';
import { startApprovalFlowWorkflow, type ApprovalFlowPort } from '../../engines/approvalFlows/approvalPort';
import { startPeriodicPass } from './periodicPass';

/**
 * Starts the workflow of every pending approval that should have its own and has none: the API starts it right
 * after the request commits; when Temporal is unreachable then, this gives it one later. Leave approvals are
 * started by their leave request's workflow (see leaveReconciler.ts), so they are not this one's.
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
      requestType: { not: 'leave' },
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

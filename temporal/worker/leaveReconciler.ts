import type { PrismaClient } from '../../db/prismaClient';
import { startApprovalWorkflow, type LeaveApprovalPort } from '../../engines/leave/approvalPort';
import { startPeriodicPass } from './periodicPass';

/**
 * Starts the approval workflow of every open leave request that has none. The API starts a request's workflow
 * right after committing the request; when Temporal is unreachable at that moment, the request is kept with
 * `workflowId` null, and this is what later gives it its workflow, so that no request is left without one.
 */

/** The statuses whose requests still need their workflow: waiting for a decision or for their dates. */
const OPEN_STATUSES = ['PENDING', 'APPROVED', 'IN_PROGRESS'] as const;

export interface ReconcileOptions {
  prisma: PrismaClient;
  port: LeaveApprovalPort;
  /**
   * Leaves alone requests younger than this, whose API call may still be starting their workflow (a double
   * start would be harmless, only wasted). Default 30 s.
   */
  graceMs?: number;
  /** At most this many requests per pass; the next pass takes the rest. Default 100. */
  batchSize?: number;
  /** Told about each request whose workflow could not be started (it is tried again on the next pass). */
  onFailure?: (failure: { tenantId: string; requestId: string; error: unknown }) => void;
}

/** One pass: starts the missing workflows, oldest request first; answers how many were started and failed. */
export async function reconcileLeaveWorkflows(opts: ReconcileOptions): Promise<{ started: number; failed: number }> {
  const orphans = await opts.prisma.leaveRequest.findMany({
    where: {
      workflowId: null,
      status: { in: [...OPEN_STATUSES] },
      createdAt: { lte: new Date(Date.now() - (opts.graceMs ?? 30_000)) },
    },
    select: { id: true, tenantId: true },
    orderBy: { createdAt: 'asc' },
    take: opts.batchSize ?? 100,
  });
  let started = 0;
  let failed = 0;
  for (const orphan of orphans) {
    const ref = { tenantId: orphan.tenantId, requestId: orphan.id };
    const workflowId = await startApprovalWorkflow(opts.prisma, opts.port, ref, {
      warn: (obj) => opts.onFailure?.({ ...ref, error: (obj as { err?: unknown }).err }),
    });
    if (workflowId === null) failed += 1;
    else started += 1;
  }
  return { started, failed };
}

/** Runs a pass now and every `intervalSeconds` until `stop()` (see startPeriodicPass). */
export function startLeaveReconciler(
  opts: ReconcileOptions & {
    intervalSeconds: number;
    onPass?: (result: { started: number; failed: number }) => void;
    onError: (error: unknown) => void;
  },
): { stop(): Promise<void> } {
  return startPeriodicPass({ ...opts, pass: () => reconcileLeaveWorkflows(opts) });
}

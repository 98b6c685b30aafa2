import type { PrismaClient } from '../../db/prismaClient';
import {
  startCompensationChangeWorkflow,
  type CompensationChangePort,
} from '../../engines/compensation/compensationPort';
import { startPayrollRunWorkflow, type PayrollRunPort } from '../../engines/payroll/payrollPort';
import { startLifecycleWorkflow, type LifecycleProcessPort } from '../../engines/lifecycle/lifecyclePort';
import type { LifecycleKind } from '../../engines/lifecycle/templateTasks';
import { watchCertificationExpiry, type CertificationExpiryPort } from '../../engines/certificates/expiryPort';
import { startTimeEntryWatch, type TimeEntryWatchPort } from '../../engines/timeTracking/entryWatchPort';
import { startReviewCycleWorkflow, type ReviewCyclePort } from '../../engines/performance/reviewCyclePort';
import { watchSignatureRequest, type SignatureRequestPort } from '../../engines/eSignatures/signaturePort';
import { startPeriodicPass } from './periodicPass';
import type { AgentRunPort } from '../../engines/agent/runPort';
import { agentRunWords } from '../../engines/agent/runSummary';
import { endRun } from '../../engines/agent/runLifecycle';

/**
 * Starts the workflows Temporal missed: an open clock entry's watch, a compensation change proposal's or a payroll
 * run's is
 * started by the API right after its row commits; when Temporal is unreachable then, the row keeps `workflowId`
 * null and a pass of this gives it its workflow. Rows younger than the grace may still be starting.
 */
export interface ProcessSource {
  /** For the log: "compensation change". */
  kind: string;
  /** Rows whose workflow should run and has none, created before `before`, oldest first. */
  orphans(prisma: PrismaClient, before: Date, take: number): Promise<Array<{ tenantId: string; id: string }>>;
  /** Starts one row's workflow and records it; false when it could not (tried again next pass). */
  start(
    prisma: PrismaClient,
    ref: { tenantId: string; id: string },
    onError: (error: unknown) => void,
  ): Promise<boolean>;
}

/** Compensation change proposals still waiting for their approval or their effective date. */
export function compensationChangeSource(port: CompensationChangePort): ProcessSource {
  return {
    kind: 'compensation change',
    orphans: (prisma, before, take) =>
      prisma.compensationChange.findMany({
        where: { workflowId: null, status: { in: ['PENDING', 'APPROVED'] }, createdAt: { lte: before } },
        select: { id: true, tenantId: true },
        orderBy: { createdAt: 'asc' },
        take,
      }),
    start: (prisma, ref, onError) =>
      startCompensationChangeWorkflow(
        prisma,
        port,
        { tenantId: ref.tenantId, changeId: ref.id },
        {
          warn: (obj) => onError((obj as { err?: unknown }).err),
        },
      ),
  };
}

/**
 * Onboarding and offboarding processes whose workflow never ran (it records its id on the process when it first
 * does): active ones, and offboardings completed before their last day was acted on.
 */
export function lifecycleProcessSource(port: LifecycleProcessPort): ProcessSource {
  return {
    kind: 'lifecycle process',
    orphans: async (prisma, before, take) => {
      const rows = await prisma.lifecycleProcess.findMany({
        where: {
          workflowId: null,
          createdAt: { lte: before },
          OR: [{ status: 'ACTIVE' }, { kind: 'offboarding', status: 'COMPLETED', deactivatedAt: null }],
        },
        select: { id: true, tenantId: true },
        orderBy: { createdAt: 'asc' },
        take,
      });
      return rows;
    },
    start: async (prisma, ref, onError) => {
      const row = await prisma.lifecycleProcess.findUnique({ where: { id: ref.id }, select: { kind: true } });
      if (!row) return true;
      return startLifecycleWorkflow(
        port,
        { tenantId: ref.tenantId, processId: ref.id, kind: row.kind as LifecycleKind },
        { warn: (obj) => onError((obj as { err?: unknown }).err) },
      );
    },
  };
}

/** Payroll runs not paid yet: gathering, in review, approved. */
export function payrollRunSource(port: PayrollRunPort): ProcessSource {
  return {
    kind: 'payroll run',
    orphans: (prisma, before, take) =>
      prisma.payrollRun.findMany({
        where: { workflowId: null, status: { in: ['GATHERING', 'IN_REVIEW', 'APPROVED'] }, createdAt: { lte: before } },
        select: { id: true, tenantId: true },
        orderBy: { createdAt: 'asc' },
        take,
      }),
    start: (prisma, ref, onError) =>
      startPayrollRunWorkflow(
        prisma,
        port,
        { tenantId: ref.tenantId, runId: ref.id },
        {
          warn: (obj) => onError((obj as { err?: unknown }).err),
        },
      ),
  };
}

/** Open clock entries without their forgotten clock-out watch (it counts from the entry's start: a late start flags
 * on time or at once). */
export function timeEntryWatchSource(port: TimeEntryWatchPort): ProcessSource {
  return {
    kind: 'time entry watch',
    orphans: (prisma, before, take) =>
      prisma.timeEntry.findMany({
        where: { endedAt: null, workflowId: null, createdAt: { lte: before } },
        select: { id: true, tenantId: true },
        orderBy: { createdAt: 'asc' },
        take,
      }),
    start: (prisma, ref, onError) =>
      startTimeEntryWatch(
        prisma,
        port,
        { tenantId: ref.tenantId, entryId: ref.id },
        {
          warn: (obj) => onError((obj as { err?: unknown }).err),
        },
      ),
  };
}

/**
 * Certifications with an expiry date whose reminders' workflow was not started, or not told of a renewal (an
 * expiry change clears the id in its transaction). Counted from `updatedAt`: a renewal is as young as its write.
 */
export function certificationExpirySource(port: CertificationExpiryPort): ProcessSource {
  return {
    kind: 'certification expiry',
    orphans: (prisma, before, take) =>
      prisma.certification.findMany({
        where: { workflowId: null, expiryDate: { not: null }, updatedAt: { lte: before } },
        select: { id: true, tenantId: true },
        orderBy: { updatedAt: 'asc' },
        take,
      }),
    start: (prisma, ref, onError) =>
      watchCertificationExpiry(
        prisma,
        port,
        { tenantId: ref.tenantId, certificationId: ref.id },
        { warn: (obj) => onError((obj as { err?: unknown }).err) },
      ),
  };
}

/** Pending signature requests whose workflow did not start (counted from the request's creation). */
export function signatureRequestSource(port: SignatureRequestPort): ProcessSource {
  return {
    kind: 'signature request',
    orphans: (prisma, before, take) =>
      prisma.eSignatureRequest.findMany({
        where: { workflowId: null, status: 'pending', createdAt: { lte: before } },
        select: { id: true, tenantId: true },
        orderBy: { createdAt: 'asc' },
        take,
      }),
    start: (prisma, ref, onError) =>
      watchSignatureRequest(
        prisma,
        port,
        { tenantId: ref.tenantId, requestId: ref.id },
        { warn: (obj) => onError((obj as { err?: unknown }).err) },
      ),
  };
}

/**
 * Agent runs still `queued` or `cancelling` after the grace: the API commits a run, then starts its workflow; killed
 * in between (or its "mark failed" write cut), the run had no workflow, blocked its thread, and a cancel left it
 * `cancelling` for good (found by bench/chaos). A queued run gets its workflow (starting one twice is harmless: its
 * id is the run's, so a run whose workflow is merely slow is started again for nothing). A cancelling run with no
 * workflow has nobody to carry its cancel: it is ended `cancelled` here, as its workflow would have; one with a
 * workflow is told again.
 */
export function agentRunSource(
  port: AgentRunPort,
  hasWorkflow: (workflowId: string) => Promise<boolean>,
): ProcessSource {
  return {
    kind: 'agent run',
    orphans: (prisma, before, take) =>
      prisma.agentRun.findMany({
        where: { status: { in: ['queued', 'cancelling'] }, createdAt: { lte: before } },
        select: { id: true, tenantId: true },
        orderBy: { createdAt: 'asc' },
        take,
      }),
    start: async (prisma, ref, onError) => {
      const run = await prisma.agentRun.findUnique({ where: { id: ref.id } });
      if (!run || (run.status !== 'queued' && run.status !== 'cancelling')) return true;
      try {
        if (run.status === 'cancelling') {
          const error = run.error as { message?: string } | null;
          const message = error?.message ?? 'Cancelled by the user';
          if (await hasWorkflow(run.workflowId)) await port.cancelRequested({ workflowId: run.workflowId }, message);
          else await endRun(prisma, run.id, { status: 'cancelled', error: { code: 'cancelled', message } });
          return true;
        }
        const user = await prisma.user.findUnique({ where: { id: run.userId }, select: { name: true } });
        await port.start({
          tenantId: run.tenantId,
          runId: run.id,
          threadId: run.threadId,
          userId: run.userId,
          workflowId: run.workflowId,
          words: await agentRunWords(prisma, run, user?.name ?? 'someone'),
        });
        return true;
      } catch (error) {
        onError(error);
        return false;
      }
    },
  };
}

/** Launched review cycles not closed yet whose workflow did not start (counted from the launch, its last write). */
export function reviewCycleSource(port: ReviewCyclePort): ProcessSource {
  return {
    kind: 'review cycle',
    orphans: (prisma, before, take) =>
      prisma.reviewCycle.findMany({
        where: { workflowId: null, status: { in: ['SCHEDULED', 'OPEN'] }, updatedAt: { lte: before } },
        select: { id: true, tenantId: true },
        orderBy: { updatedAt: 'asc' },
        take,
      }),
    start: (prisma, ref, onError) =>
      startReviewCycleWorkflow(
        prisma,
        port,
        { tenantId: ref.tenantId, cycleId: ref.id },
        { warn: (obj) => onError((obj as { err?: unknown }).err) },
      ),
  };
}

/** One pass over every source; answers how many workflows were started and how many failed. */
export async function reconcileProcesses(opts: {
  prisma: PrismaClient;
  sources: readonly ProcessSource[];
  graceMs?: number;
  batchSize?: number;
  onFailure?: (failure: { kind: string; tenantId: string; id: string; error: unknown }) => void;
}): Promise<{ started: number; failed: number }> {
  let started = 0;
  let failed = 0;
  const before = new Date(Date.now() - (opts.graceMs ?? 30_000));
  for (const source of opts.sources) {
    for (const ref of await source.orphans(opts.prisma, before, opts.batchSize ?? 100)) {
      const ok = await source.start(opts.prisma, ref, (error) =>
        opts.onFailure?.({ kind: source.kind, ...ref, error }),
      );
      if (ok) started += 1;
      else failed += 1;
    }
  }
  return { started, failed };
}

export function startProcessReconciler(
  opts: Parameters<typeof reconcileProcesses>[0] & {
    intervalSeconds: number;
    onPass?: (result: { started: number; failed: number }) => void;
    onError: (error: unknown) => void;
  },
): { stop(): Promise<void> } {
  return startPeriodicPass({ ...opts, pass: () => reconcileProcesses(opts) });
}

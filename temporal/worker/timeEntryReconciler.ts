import type { PrismaClient } from '../../db/prismaClient';
import { startTimeEntryWatch, type TimeEntryWatchPort } from '../../engines/timeTracking/entryWatchPort';
import { startPeriodicPass } from './periodicPass';

/**
 * Starts the forgotten clock-out watch of every open time entry that has none: the API starts it right after the
 * clock-in commits; when Temporal was unreachable then, this gives it one later (the watch counts from the entry's
 * start, so a late start flags on time or at once).
 */
export async function reconcileTimeEntryWatches(opts: {
  prisma: PrismaClient;
  port: TimeEntryWatchPort;
  graceMs?: number;
  batchSize?: number;
  onFailure?: (failure: { tenantId: string; entryId: string; error: unknown }) => void;
}): Promise<{ started: number; failed: number }> {
  const orphans = await opts.prisma.timeEntry.findMany({
    where: {
      endedAt: null,
      workflowId: null,
      createdAt: { lte: new Date(Date.now() - (opts.graceMs ?? 30_000)) },
    },
    select: { id: true, tenantId: true },
    orderBy: { createdAt: 'asc' },
    take: opts.batchSize ?? 100,
  });
  let started = 0;
  for (const orphan of orphans) {
    const ref = { tenantId: orphan.tenantId, entryId: orphan.id };
    const ok = await startTimeEntryWatch(opts.prisma, opts.port, ref, {
      warn: (obj) => opts.onFailure?.({ ...ref, error: (obj as { err?: unknown }).err }),
    });
    if (ok) started += 1;
  }
  return { started, failed: orphans.length - started };
}

export function startTimeEntryReconciler(
  opts: Parameters<typeof reconcileTimeEntryWatches>[0] & {
    intervalSeconds: number;
    onPass?: (result: { started: number; failed: number }) => void;
    onError: (error: unknown) => void;
  },
): { stop(): Promise<void> } {
  return startPeriodicPass({ ...opts, pass: () => reconcileTimeEntryWatches(opts) });
}

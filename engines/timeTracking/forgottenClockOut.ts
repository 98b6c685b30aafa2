import type { PrismaClient } from '../../db/prismaClient';
import type { Clock } from '../clock';
import { lockEmployee } from '../people/employeeLock';
import { emitTimeTrackingWebhookEvent } from '../webhooks/emitters';
import type { TimeEntryRef } from './entryWatchPort';
import { MINUTE_MS } from './timeDays';
import { entryViewsOf } from './timeEntryViews';
import { localTimeText, notifyTimeTracking } from './timeNotifications';
import { timeTrackingPolicyOf } from './timePolicy';

/**
 * The forgotten clock-out (company API, Time Tracking: "flagged, not invented"): an entry still open
 * `forgottenAfterMinutes` after it began is flagged, and the person and their manager are told. Nothing closes it:
 * only the person knows when they stopped, so they clock out or ask for a correction.
 */

/** What the watch of an entry needs to plan its timer: null when the entry is gone. */
export interface EntryWatchState {
  open: boolean;
  flagged: boolean;
  /** How long until it counts as forgotten, in the watch's time scale (0: now). */
  dueInMs: number;
}

/**
 * Reads an entry for its watch. The time left is measured on the calendar clock from when it began, then scaled
 * by `minuteMs` (60 000 in production, less on a test time scale), so a watch started late waits only what is left.
 */
export async function readEntryWatchState(
  prisma: PrismaClient,
  ref: TimeEntryRef,
  opts: { clock: Clock; minuteMs: number },
): Promise<EntryWatchState | null> {
  const entry = await prisma.timeEntry.findFirst({ where: { id: ref.entryId, tenantId: ref.tenantId } });
  if (!entry) return null;
  const policy = await timeTrackingPolicyOf(prisma, ref.tenantId);
  const leftMs = entry.startedAt.getTime() + policy.forgottenAfterMinutes * MINUTE_MS - opts.clock.now().getTime();
  return {
    open: entry.endedAt === null,
    flagged: entry.flaggedAt !== null,
    dueInMs: Math.max(0, Math.ceil((leftMs * opts.minuteMs) / MINUTE_MS)),
  };
}

/**
 * Flags the entry as a forgotten clock-out when it is still open and not flagged yet, telling the person and their
 * manager and emitting `time_tracking.entry.flagged`, in one transaction under the employee's lock (a clock-out at
 * the same moment wins or waits). Idempotent: answers what the entry is now.
 */
export async function flagForgottenClockOut(
  prisma: PrismaClient,
  ref: TimeEntryRef,
  opts: { clock: Clock },
): Promise<'flagged' | 'closed' | 'missing'> {
  const found = await prisma.timeEntry.findFirst({ where: { id: ref.entryId, tenantId: ref.tenantId } });
  if (!found) return 'missing';
  return prisma.$transaction(async (tx) => {
    const employee = await lockEmployee(tx, ref.tenantId, found.employeeId);
    const entry = await tx.timeEntry.findUnique({ where: { id: ref.entryId } });
    if (!entry) return 'missing';
    if (entry.endedAt) return 'closed';
    if (entry.flaggedAt) return 'flagged';
    const now = opts.clock.now();
    const flagged = await tx.timeEntry.update({ where: { id: entry.id }, data: { flaggedAt: now } });
    const manager = employee.managerId
      ? await tx.employee.findUnique({ where: { id: employee.managerId }, select: { userId: true } })
      : null;
    const { timeZone } = await tx.tenant.findUniqueOrThrow({ where: { id: ref.tenantId }, select: { timeZone: true } });
    await notifyTimeTracking(
      tx,
      ref.tenantId,
      [employee.userId, manager?.userId],
      'time_tracking.clock_out_forgotten',
      {
        employeeId: entry.employeeId,
        what: `The entry clocked in at ${localTimeText(timeZone, entry.startedAt)}`,
        data: { entryId: entry.id },
      },
    );
    const [view] = await entryViewsOf(tx, [flagged], now);
    await emitTimeTrackingWebhookEvent(tx, 'time_tracking.entry.flagged', flagged, { entry: view });
    return 'flagged';
  });
}

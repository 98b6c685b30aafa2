import type { PrismaClient } from '../db/prismaClient';
import type { Clock } from '../engines/clock';
import type { LifecycleProcessRef } from '../engines/lifecycle/lifecyclePort';
import { processTimeline, recordWorkflowId, reminderDays, sendDueReminders } from '../engines/lifecycle/reminders';
import { deactivateLeaver } from '../engines/offboarding/lastDay';
import { addDays } from '../lib/calendar/isoDate';
import { dayAt, dayBegins, scaleOf } from './leaveTimeline';

/** What the lifecycleProcess workflow knows of its process after reading it. */
export interface LifecycleProcessSnapshot {
  status: string;
  kind: string;
  employeeName: string;
  anchorDate: string;
  openTasks: number;
  /** Milliseconds until the next reminder is due (zero or less: now); null when none is left to send. */
  msUntilReminder: number | null;
  /**
   * Offboarding: milliseconds until the leaver's last day is over (the start of the next day in the tenant's
   * calendar), while their user is still to be deactivated and the process not cancelled; null otherwise.
   */
  msUntilLastDayOver: number | null;
}

export interface LifecycleActivityDeps {
  prisma: PrismaClient;
  /** A test time scale of calendar days (config `leave.dayMs`); undefined: the real calendar. */
  dayMs: number | undefined;
  clock: Clock;
  now: () => Date;
}

type TimedRef = LifecycleProcessRef & { workflowStartedAt: number };

/**
 * The activities of the lifecycleProcess workflow: thin adapters over engines/lifecycle and engines/offboarding,
 * each idempotent (a reminder is marked sent before it is told, the last day recorded on the process).
 */
export function createLifecycleActivities(deps: LifecycleActivityDeps) {
  const { prisma, clock } = deps;
  const todayOf = (ref: TimedRef, timeZone: string) => {
    const at = clock.now();
    return { at, scale: scaleOf(deps.dayMs, ref.workflowStartedAt, at), timeZone };
  };
  return {
    async readLifecycleProcess(ref: TimedRef & { workflowId: string }): Promise<LifecycleProcessSnapshot | null> {
      const timeline = await processTimeline(prisma, ref);
      if (!timeline) return null;
      if (timeline.workflowId === null) await recordWorkflowId(prisma, ref, ref.workflowId);
      const { at, scale, timeZone } = todayOf(ref, timeline.timeZone);
      const today = dayAt(at, timeZone, scale);
      const msUntil = (day: string) => dayBegins(day, timeZone, scale).getTime() - at.getTime();
      const days = timeline.status === 'ACTIVE' ? timeline.openTasks.flatMap((t) => reminderDays(t, today)) : [];
      const lastDayPending =
        timeline.kind === 'offboarding' && timeline.status !== 'CANCELLED' && !timeline.deactivated;
      return {
        status: timeline.status,
        kind: timeline.kind,
        employeeName: timeline.employeeName,
        anchorDate: timeline.anchorDate,
        openTasks: timeline.openTasks.length,
        msUntilReminder: days.length > 0 ? Math.min(...days.map(msUntil)) : null,
        msUntilLastDayOver: lastDayPending ? msUntil(addDays(timeline.anchorDate, 1)) : null,
      };
    },
    async remindLifecycleTasks(ref: TimedRef): Promise<number> {
      const tenant = await prisma.tenant.findUniqueOrThrow({ where: { id: ref.tenantId }, select: { timeZone: true } });
      const { at, scale, timeZone } = todayOf(ref, tenant.timeZone);
      return sendDueReminders(prisma, ref, dayAt(at, timeZone, scale), deps.now());
    },
    /** Answers the workflow ids of the leaver's agent runs asked to cancel, for the workflow to tell. */
    async deactivateLeaver(ref: TimedRef): Promise<string[]> {
      const tenant = await prisma.tenant.findUniqueOrThrow({ where: { id: ref.tenantId }, select: { timeZone: true } });
      const { at, scale, timeZone } = todayOf(ref, tenant.timeZone);
      const outcome = await deactivateLeaver(prisma, ref, dayAt(at, timeZone, scale), deps.now());
      return outcome.done ? outcome.cancelledRunWorkflowIds : [];
    },
  };
}

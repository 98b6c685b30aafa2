import type { PrismaClient } from '../db/prismaClient';
import type { Clock } from '../engines/clock';
import {
  closeReviewCycle,
  openReviewCycle,
  remindReviewers,
  reviewCycleState,
} from '../engines/performance/reviewCycleProcess';
import type { ReviewCycleRef } from '../engines/performance/reviewCyclePort';
import { dayAt, dayBegins, scaleOf } from './leaveTimeline';

/** What the reviewCycle workflow knows of its cycle after reading it. */
export interface ReviewCycleSnapshot {
  status: string;
  name: string;
  opensOn: string;
  remindOn: string | null;
  closesAt: string;
  remindPending: boolean;
  /** Milliseconds from the read until the opening day, the reminder day, the closing day begin (negative once past). */
  msUntilOpen: number;
  msUntilRemind: number;
  msUntilClose: number;
}

export interface PerformanceActivityDeps {
  prisma: PrismaClient;
  /** A test time scale of calendar days (config `leave.dayMs`); undefined: the real calendar. */
  dayMs: number | undefined;
  clock: Clock;
  now: () => Date;
}

type TimedRef = ReviewCycleRef & { workflowStartedAt: number };

/** The activities of the reviewCycle workflow: thin adapters over engines/performance/reviewCycleProcess.ts. */
export function createPerformanceActivities(deps: PerformanceActivityDeps) {
  const { prisma, clock } = deps;
  /** The tenant's day now on the workflow's timeline, and the step's timestamp. */
  const todayOf = async (ref: TimedRef) => {
    const tenant = await prisma.tenant.findUniqueOrThrow({ where: { id: ref.tenantId }, select: { timeZone: true } });
    const at = clock.now();
    return dayAt(at, tenant.timeZone, scaleOf(deps.dayMs, ref.workflowStartedAt, at));
  };
  return {
    async readReviewCycle(ref: TimedRef): Promise<ReviewCycleSnapshot | null> {
      const state = await reviewCycleState(prisma, ref);
      if (!state) return null;
      const at = clock.now();
      const scale = scaleOf(deps.dayMs, ref.workflowStartedAt, at);
      const msUntil = (day: string) => dayBegins(day, state.timeZone, scale).getTime() - at.getTime();
      const { opensOn, remindOn, closesAt } = state.timeline;
      return {
        status: state.status,
        name: state.name,
        opensOn,
        remindOn,
        closesAt,
        // Past the close the reminder is moot: closing comes next.
        remindPending: state.remindPending && msUntil(closesAt) > 0,
        msUntilOpen: msUntil(opensOn),
        msUntilRemind: remindOn === null ? 0 : msUntil(remindOn),
        msUntilClose: msUntil(closesAt),
      };
    },
    async openReviewCycle(ref: TimedRef): Promise<string | null> {
      return openReviewCycle(prisma, ref, await todayOf(ref), deps.now());
    },
    async remindReviewers(ref: TimedRef): Promise<string | null> {
      return remindReviewers(prisma, ref, await todayOf(ref), deps.now());
    },
    async closeReviewCycle(ref: TimedRef): Promise<string | null> {
      return closeReviewCycle(prisma, ref, await todayOf(ref), deps.now());
    },
  };
}

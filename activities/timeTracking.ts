import type { PrismaClient } from '../db/prismaClient';
import type { Clock } from '../engines/clock';
import type { TimeEntryRef } from '../engines/timeTracking/entryWatchPort';
import {
  flagForgottenClockOut,
  readEntryWatchState,
  type EntryWatchState,
} from '../engines/timeTracking/forgottenClockOut';

export interface TimeTrackingActivityDeps {
  prisma: PrismaClient;
  /** How long a policy minute lasts: 60 000 ms, or a test time scale (config `timeTracking.minuteMs`). */
  minuteMs: number;
  /** The calendar clock the entries' times are on. */
  clock: Clock;
}

/** The activities of the timeEntryWatch workflow: thin adapters over engines/timeTracking/forgottenClockOut.ts. */
export function createTimeTrackingActivities(deps: TimeTrackingActivityDeps) {
  return {
    readTimeEntryWatch: (ref: TimeEntryRef): Promise<EntryWatchState | null> =>
      readEntryWatchState(deps.prisma, ref, { clock: deps.clock, minuteMs: deps.minuteMs }),
    flagForgottenClockOut: (ref: TimeEntryRef): Promise<'flagged' | 'closed' | 'missing'> =>
      flagForgottenClockOut(deps.prisma, ref, { clock: deps.clock }),
  };
}

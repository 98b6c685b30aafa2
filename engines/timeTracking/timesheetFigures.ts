import type { Db } from '../../db/handle';
import { addDays, fromDbDate, toDbDate, type IsoDate } from '../leave/dates';
import { targetMinutesByDay } from './timeTargets';
import {
  breakMinutesOf,
  dayWarnings,
  daysOfWeek,
  mondayOf,
  overtimeOf,
  weekWarnings,
  workedMinutesOf,
  type DayWarning,
  type WeekWarning,
} from './timeDays';
import { openBreaksOf } from './timeEntryViews';
import type { TimeTrackingPolicyView } from './timePolicy';

/** One day of a person's timesheet. */
export interface DayFigures {
  date: IsoDate;
  workedMinutes: number;
  breakMinutes: number;
  targetMinutes: number;
  warnings: DayWarning[];
  entryIds: string[];
  /** Entries of the day flagged as a forgotten clock-out. */
  flaggedEntryIds: string[];
  /** The entry still open on the day (clocked in), if any. */
  openEntryId: string | null;
}

/** An ISO week of a person: its days and totals; overtime is worked minus target, never negative. */
export interface WeekFigures {
  weekStart: IsoDate;
  weekEnd: IsoDate;
  days: DayFigures[];
  workedMinutes: number;
  targetMinutes: number;
  overtimeMinutes: number;
  warnings: WeekWarning[];
}

/**
 * The figures of the weeks beginning on `mondays` for one person, from their entries (an open entry counts up to
 * `now`), the tenant's calendar and their leave, against `policy`. An entry counts whole on the day it began.
 */
export async function weeksFigures(
  db: Db,
  input: { tenantId: string; employeeId: string; mondays: IsoDate[]; policy: TimeTrackingPolicyView; now: Date },
): Promise<WeekFigures[]> {
  if (input.mondays.length === 0) return [];
  const from = input.mondays[0]!;
  const to = addDays(input.mondays[input.mondays.length - 1]!, 6);
  const entries = await db.timeEntry.findMany({
    where: { employeeId: input.employeeId, date: { gte: toDbDate(from), lte: toDbDate(to) } },
    orderBy: { startedAt: 'asc' },
  });
  const breaks = await openBreaksOf(
    db,
    entries.filter((e) => e.endedAt === null).map((e) => e.id),
  );
  const targets = await targetMinutesByDay(db, {
    tenantId: input.tenantId,
    employeeId: input.employeeId,
    from,
    to,
    dailyTargetMinutes: input.policy.dailyTargetMinutes,
  });
  return input.mondays.map((monday) => {
    const days = daysOfWeek(monday).map((date): DayFigures => {
      const mine = entries.filter((e) => fromDbDate(e.date) === date);
      const times = mine.map((e) => ({ ...e, openBreakSince: breaks.get(e.id) ?? null }));
      const workedMinutes = times.reduce((sum, e) => sum + workedMinutesOf(e, input.now), 0);
      const breakMinutes = times.reduce((sum, e) => sum + breakMinutesOf(e, input.now), 0);
      return {
        date,
        workedMinutes,
        breakMinutes,
        targetMinutes: targets.get(date) ?? 0,
        warnings: dayWarnings({ workedMinutes, breakMinutes }, input.policy),
        entryIds: mine.map((e) => e.id),
        flaggedEntryIds: mine.filter((e) => e.flaggedAt !== null).map((e) => e.id),
        openEntryId: mine.find((e) => e.endedAt === null)?.id ?? null,
      };
    });
    const workedMinutes = days.reduce((sum, d) => sum + d.workedMinutes, 0);
    const targetMinutes = days.reduce((sum, d) => sum + d.targetMinutes, 0);
    return {
      weekStart: monday,
      weekEnd: addDays(monday, 6),
      days,
      workedMinutes,
      targetMinutes,
      overtimeMinutes: overtimeOf(workedMinutes, targetMinutes),
      warnings: weekWarnings(days, workedMinutes, input.policy),
    };
  });
}

/**
 * The warnings a change to the person's time on `date` leaves: that day's (daily limit, short break) and its week's
 * weekly limit. Shown with the entry a clock or an entry operation answers.
 */
export async function warningsOfDay(
  db: Db,
  input: { tenantId: string; employeeId: string; date: IsoDate; policy: TimeTrackingPolicyView; now: Date },
): Promise<WeekWarning[]> {
  const [week] = await weeksFigures(db, { ...input, mondays: [mondayOf(input.date)] });
  const day = week!.days.find((d) => d.date === input.date)!;
  const weekly: WeekWarning[] = week!.warnings.includes('weekly_limit_exceeded') ? ['weekly_limit_exceeded'] : [];
  return [...day.warnings, ...weekly];
}

import { addDays, dayOfWeek, type IsoDate } from '../leave/dates';

/**
 * The calendar and minute arithmetic of Time Tracking. Pure: ISO weeks (Monday to Sunday), the weeks a month pays
 * (a week belongs to the month its Sunday falls in, so each week is paid exactly once), the minutes of an entry,
 * and the warnings of a day and a week against the policy's limits.
 */

export const MINUTE_MS = 60_000;

/** The Monday of the ISO week that contains `date`. */
export function mondayOf(date: IsoDate): IsoDate {
  return addDays(date, -((dayOfWeek(date) + 6) % 7));
}

/** The seven days of the week that begins on `monday`. */
export function daysOfWeek(monday: IsoDate): IsoDate[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** `2026-11` → its first and last day. */
export function monthBounds(month: string): { first: IsoDate; last: IsoDate } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
  return { first: `${month}-01`, last };
}

/** The Mondays of the weeks whose Sunday falls in `month` (`YYYY-MM`): the weeks payroll pays with that month. */
export function weeksOfMonth(month: string): IsoDate[] {
  const { first, last } = monthBounds(month);
  let sunday = addDays(first, (7 - dayOfWeek(first)) % 7);
  const mondays: IsoDate[] = [];
  for (; sunday <= last; sunday = addDays(sunday, 7)) mondays.push(addDays(sunday, -6));
  return mondays;
}

/** Whole minutes from `from` to `to` (never negative). */
export function minutesBetween(from: Date, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - from.getTime()) / MINUTE_MS));
}

export interface EntryTimes {
  startedAt: Date;
  endedAt: Date | null;
  breakMinutes: number;
  /** The start of the break the person is on now, if any. */
  openBreakSince?: Date | null | undefined;
}

/** An entry's break minutes: its closed breaks, and an open break up to `now`. */
export function breakMinutesOf(entry: EntryTimes, now: Date): number {
  return entry.breakMinutes + (entry.openBreakSince ? minutesBetween(entry.openBreakSince, now) : 0);
}

/** Minutes worked: the entry's length (an open entry counts up to `now`) less its breaks, never negative. */
export function workedMinutesOf(entry: EntryTimes, now: Date): number {
  const gross = minutesBetween(entry.startedAt, entry.endedAt ?? now);
  return Math.max(0, gross - breakMinutesOf(entry, now));
}

export interface LimitPolicy {
  dailyLimitMinutes: number;
  weeklyLimitMinutes: number;
  minBreakMinutes: number;
}

/** A day of more than six hours needs the policy's minimum break (the German ArbZG's rule, Personio's default). */
export const LONG_DAY_MINUTES = 360;

export type DayWarning = 'daily_limit_exceeded' | 'short_break';
export type WeekWarning = DayWarning | 'weekly_limit_exceeded';

/** What a day's figures break of the policy: warnings, never refusals. */
export function dayWarnings(day: { workedMinutes: number; breakMinutes: number }, policy: LimitPolicy): DayWarning[] {
  const warnings: DayWarning[] = [];
  if (day.workedMinutes > policy.dailyLimitMinutes) warnings.push('daily_limit_exceeded');
  if (day.workedMinutes > LONG_DAY_MINUTES && day.breakMinutes < policy.minBreakMinutes) warnings.push('short_break');
  return warnings;
}

/** A week's warnings: its days' (once each) and the weekly limit. */
export function weekWarnings(
  days: ReadonlyArray<{ warnings: readonly DayWarning[] }>,
  workedMinutes: number,
  policy: LimitPolicy,
): WeekWarning[] {
  const found = new Set<WeekWarning>(days.flatMap((d) => d.warnings));
  if (workedMinutes > policy.weeklyLimitMinutes) found.add('weekly_limit_exceeded');
  const order: WeekWarning[] = ['daily_limit_exceeded', 'short_break', 'weekly_limit_exceeded'];
  return order.filter((w) => found.has(w));
}

/** Overtime of a week: worked beyond the target, never negative (time short of the target is not carried). */
export function overtimeOf(workedMinutes: number, targetMinutes: number): number {
  return Math.max(0, workedMinutes - targetMinutes);
}

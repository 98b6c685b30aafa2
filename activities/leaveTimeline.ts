import { secondFormatter } from '../lib/calendar/zoneFormatters';
import { addDays, daysBetween, todayIn, type IsoDate } from '../engines/leave/dates';

/**
 * When a leave begins and ends as instants: the leaveApproval workflow sleeps until them. A leave of
 * `startDate..endDate` (inclusive calendar days of the tenant) begins at the start of `startDate` and ends at the
 * start of the day after `endDate`, both in the tenant's time zone.
 */
export interface LeaveInstants {
  startsAt: Date;
  endsAt: Date;
}

export interface LeaveDates {
  startDate: IsoDate;
  endDate: IsoDate;
  /** The tenant's IANA time zone. */
  timeZone: string;
}

/**
 * A compressed calendar for tests (config `SVC_HR_LEAVE_DAY_MS`): the tenant's date at `origin` is day 0 and
 * starts at `origin`; each later day starts `dayMs` after the one before. The origin is fixed (the workflow's
 * start), not "now", so that reading the request again does not move the leave further away.
 */
export interface TimeScale {
  dayMs: number;
  origin: Date;
}

/** The instants of a leave: on the real calendar, or on `scale` when a test time scale is configured. */
export function leaveInstants(dates: LeaveDates, scale?: TimeScale): LeaveInstants {
  return {
    startsAt: dayBegins(dates.startDate, dates.timeZone, scale),
    endsAt: dayBegins(addDays(dates.endDate, 1), dates.timeZone, scale),
  };
}

/**
 * When a tenant-calendar day begins: its first instant in `timeZone`, or, on a test time scale, `dayMs` per day
 * from the scale's origin. Every timer towards a date sleeps until this (a leave's first day, a compensation
 * change's effective date, a payroll run's pay date).
 */
export function dayBegins(date: IsoDate, timeZone: string, scale?: TimeScale): Date {
  if (scale === undefined) return startOfDay(date, timeZone);
  const dayZero = todayIn(timeZone, scale.origin);
  return new Date(scale.origin.getTime() + daysBetween(dayZero, date) * scale.dayMs);
}

/** Which day it is at `at` on the same timeline: the tenant's today, or the day the test time scale has reached. */
export function dayAt(at: Date, timeZone: string, scale?: TimeScale): IsoDate {
  if (scale === undefined) return todayIn(timeZone, at);
  const dayZero = todayIn(timeZone, scale.origin);
  return addDays(dayZero, Math.floor((at.getTime() - scale.origin.getTime()) / scale.dayMs));
}

/**
 * The time scale of a workflow started at `workflowStartedAt` (a real instant): its origin on the calendar clock's
 * time line, so repeated reads agree on when each day begins; undefined on the real calendar.
 */
export function scaleOf(
  dayMs: number | undefined,
  workflowStartedAt: number,
  calendarNow: Date,
): TimeScale | undefined {
  if (dayMs === undefined) return undefined;
  return { dayMs, origin: new Date(workflowStartedAt + (calendarNow.getTime() - Date.now())) };
}

/**
 * The first instant of `date` in `timeZone`: usually local midnight; where a daylight-saving change skips
 * midnight (America/Santiago, for one), the first local time that exists that day.
 */
export function startOfDay(date: IsoDate, timeZone: string): Date {
  const wallClockAsUtc = new Date(`${date}T00:00:00.000Z`).getTime();
  // The offset at the guess may differ from the offset at the answer when a change falls near midnight: try the
  // offsets on both sides and keep the earliest instant that is on `date` locally.
  const first = wallClockAsUtc - offsetMs(timeZone, wallClockAsUtc);
  const second = wallClockAsUtc - offsetMs(timeZone, first);
  const candidates = [first, second].filter((t) => todayIn(timeZone, new Date(t)) === date).sort((a, b) => a - b);
  const earliest = candidates[0];
  if (earliest === undefined) throw new RangeError(`cannot find the start of ${date} in ${timeZone}`);
  return new Date(earliest);
}

/** How far the wall clock of `timeZone` is ahead of UTC at `instant` (negative west of Greenwich). */
function offsetMs(timeZone: string, instant: number): number {
  const parts = secondFormatter(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wallClock = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wallClock - Math.floor(instant / 1000) * 1000;
}

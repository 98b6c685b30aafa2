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
  const dayAfterEnd = addDays(dates.endDate, 1);
  if (scale === undefined) {
    return { startsAt: startOfDay(dates.startDate, dates.timeZone), endsAt: startOfDay(dayAfterEnd, dates.timeZone) };
  }
  const dayZero = todayIn(dates.timeZone, scale.origin);
  const at = (date: IsoDate) => new Date(scale.origin.getTime() + daysBetween(dayZero, date) * scale.dayMs);
  return { startsAt: at(dates.startDate), endsAt: at(dayAfterEnd) };
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
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
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

/**
 * Wall-clock times in the tenant's time zone, as instants. "9 to 5 yesterday" means 09:00 and 17:00 where the
 * tenant is, which in Paris in November is 08:00 and 16:00 UTC and in July 07:00 and 15:00 UTC. The zone's rules
 * come from the runtime's time zone data (Intl); no clock is read, so the same input gives the same instant.
 */

import { secondFormatter } from '../../lib/calendar/zoneFormatters';
import type { IsoDate } from './calendar';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** The wall clock of `timeZone` at an instant (whole minutes), as if it were UTC. */
function wallClockMs(timeZone: string, instantMs: number): number {
  const parts = secondFormatter(timeZone).formatToParts(new Date(instantMs));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
}

/**
 * The instant (ISO 8601 UTC with milliseconds) at which the wall clock of `timeZone` shows `minutes` after midnight
 * of `date`. In the hour a clock skips (spring forward) it answers the instant an hour later; in the hour it repeats
 * (fall back), the first of the two.
 */
export function zonedInstant(date: IsoDate, minutes: number, timeZone: string): string {
  const wall = Date.parse(`${date}T00:00:00.000Z`) + minutes * MINUTE_MS;
  const offsetAt = (instant: number) => wallClockMs(timeZone, instant) - (instant - (instant % MINUTE_MS));
  // A zone changes its offset at most once within a day either side: the offsets before and after any change.
  const before = wall - offsetAt(wall - DAY_MS);
  const after = wall - offsetAt(wall + DAY_MS);
  const shows = [before, after].filter((instant) => wallClockMs(timeZone, instant) === wall);
  return new Date(shows.length > 0 ? Math.min(...shows) : before).toISOString();
}

/** `09:05`: the wall-clock time of an instant in `timeZone`. */
export function localTime(instant: string, timeZone: string): string {
  const ms = wallClockMs(timeZone, Date.parse(instant));
  return new Date(ms).toISOString().slice(11, 16);
}

/** The calendar day of `timeZone` an instant falls on. */
export function localDay(instant: string, timeZone: string): IsoDate {
  return new Date(wallClockMs(timeZone, Date.parse(instant))).toISOString().slice(0, 10);
}

/** `09:00` for 540 minutes after midnight (1440 and more: the next day's clock). */
export function clockText(minutes: number): string {
  const inDay = minutes % 1440;
  return `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`;
}

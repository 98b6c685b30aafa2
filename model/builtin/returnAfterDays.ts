/**
 * A return to work said after the days off themselves: "off 3rd to 8th, back on the 9th", "7-11 December, back in on
 * the 14th". The return was read as "off from today until then", so today to the 8th was booked; or, not read as a
 * return ("back in on"), the return day itself was booked. The days said are the days off: the return only
 * confirms them, and one that does not follow them (other than over a weekend) is asked about.
 */

import { type IsoDate, addDays, daysOf, isWeekend } from './calendar';

/** Whether the last day off before a return, `lastDayOff`, follows the days said, which end on `end`. */
export function returnFollows(end: IsoDate, lastDayOff: IsoDate): boolean {
  if (lastDayOff < end) return false;
  return lastDayOff === end || daysOf(addDays(end, 1), lastDayOff).every(isWeekend);
}

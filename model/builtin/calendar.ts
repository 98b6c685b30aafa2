import {
  addDays,
  daysBetween,
  FIRST_YEAR,
  fromUtcDate,
  LAST_YEAR,
  realDate,
  weekdayOf,
  type IsoDate,
} from '../../lib/calendar/isoDate';

/**
 * What the model reads and writes of days, on the one calendar arithmetic (lib/calendar/isoDate.ts). No clock is
 * read here: "today" is always an argument.
 */
export { addDays, daysBetween, FIRST_YEAR, LAST_YEAR, weekdayOf, type IsoDate };

/**
 * The longest span a request may cover (the API's 366 calendar days). The model reads numbers from anyone's text:
 * outside the years the API takes (FIRST_YEAR to LAST_YEAR) and this span it asks again rather than compute with a
 * year 9999 or walk 99,999,999 working days.
 */
export const MAX_SPAN_DAYS = 366;

/** Past any span this model can be asked to walk: a loop that reaches it has a bug, and stops instead of hanging. */
const WALK_LIMIT = 4 * MAX_SPAN_DAYS;

/** Weekday names in `Date#getUTCDay` order (0 = Sunday). */
export const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
/** Month names, January first. */
export const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The date of year, month (1–12) and day, or undefined when there is no such day (31 April, 29 Feb 2027). */
export function makeDate(year: number, month: number, day: number): IsoDate | undefined {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return undefined;
  if (year < FIRST_YEAR || year > LAST_YEAR) return undefined;
  return realDate(year, month, day);
}

/** The year, month (1–12) and day of a date. */
export function partsOf(date: IsoDate): { year: number; month: number; day: number } {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

/** True on Saturdays and Sundays: the model knows no public holidays, the leave engine does. */
export function isWeekend(date: IsoDate): boolean {
  const day = weekdayOf(date);
  return day === 0 || day === 6;
}

/** The Monday of the (Monday-to-Sunday) week holding `date`. */
export function mondayOf(date: IsoDate): IsoDate {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/**
 * The working days (Monday to Friday) of the week of `monday` that a request about the whole week means: from today
 * on while the week is under way, all five for a week to come or gone (a sick week told afterwards).
 */
export function workingWeek(monday: IsoDate, today: IsoDate): { start: IsoDate; end: IsoDate } {
  const friday = addDays(monday, 4);
  return { start: monday < today && today <= friday ? today : monday, end: friday };
}

/** The last day of a month (1–12). */
export function lastDayOfMonth(year: number, month: number): IsoDate {
  return fromUtcDate(new Date(Date.UTC(year, month, 0)));
}

/** Every day from `start` to `end`, both included (a count bounds the walk, not a comparison of text). */
export function daysOf(start: IsoDate, end: IsoDate): IsoDate[] {
  const count = daysBetween(start, end) + 1;
  if (count > WALK_LIMIT) throw new RangeError(`daysOf: ${start} to ${end} is longer than any request`);
  return Array.from({ length: Math.max(0, count) }, (_, i) => addDays(start, i));
}

/** The day that ends `count` working days starting at `start` (weekends skipped; `start` counts when it is one). */
export function endAfterWorkingDays(start: IsoDate, count: number): IsoDate {
  if (count > WALK_LIMIT) throw new RangeError(`endAfterWorkingDays: ${count} working days is longer than any request`);
  let day = start;
  let left = isWeekend(day) ? count : count - 1;
  while (left > 0) {
    day = addDays(day, 1);
    if (!isWeekend(day)) left -= 1;
  }
  return day;
}

/** `Mon 4 May`: how the model writes a day in questions and replies. */
export function formatDay(date: IsoDate): string {
  const { month, day } = partsOf(date);
  const weekday = capitalise(WEEKDAY_NAMES[weekdayOf(date)]!.slice(0, 3));
  return `${weekday} ${day} ${capitalise(MONTH_NAMES[month - 1]!.slice(0, 3))}`;
}

/** `Mon 4 May 2027`. */
export function formatDayWithYear(date: IsoDate): string {
  return `${formatDay(date)} ${partsOf(date).year}`;
}

/** `Mon 4 May to Wed 6 May 2027`, or one day; the year is written once when both ends share it. */
export function formatSpan(start: IsoDate, end: IsoDate, joiner = ' to '): string {
  if (start === end) return formatDayWithYear(start);
  const sameYear = partsOf(start).year === partsOf(end).year;
  return `${sameYear ? formatDay(start) : formatDayWithYear(start)}${joiner}${formatDayWithYear(end)}`;
}

/** `Mon 30 Nov – Fri 4 Dec`: a short span for choices, without the year. */
export function formatShortSpan(start: IsoDate, end: IsoDate): string {
  return start === end ? formatDay(start) : `${formatDay(start)} – ${formatDay(end)}`;
}

/**
 * Calendar arithmetic on `YYYY-MM-DD` strings. Leave dates are days of the tenant's calendar with no time of day, so
 * they are computed at UTC midnight, where no time zone can shift them by a day. No clock is read here: "today" is
 * always an argument.
 */

export type IsoDate = string;

const DAY_MS = 86_400_000;

/**
 * The years a request may name, as the API takes them (1900 to 2199), and the longest span a request may cover
 * (the API's 366 calendar days). The model reads numbers from anyone's text: outside these it asks again rather
 * than compute with a year 9999 or walk 99,999,999 working days.
 */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2199;
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

function toUtc(date: IsoDate): Date {
  return new Date(`${date}T00:00:00.000Z`);
}

function fromUtc(date: Date): IsoDate {
  return date.toISOString().slice(0, 10);
}

/** The date of year, month (1–12) and day, or undefined when there is no such day (31 April, 29 Feb 2027). */
export function makeDate(year: number, month: number, day: number): IsoDate | undefined {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return undefined;
  if (year < FIRST_YEAR || year > LAST_YEAR) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 31 April over to 1 May: a real day survives the round trip unchanged.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return fromUtc(date);
}

/** The year, month (1–12) and day of a date. */
export function partsOf(date: IsoDate): { year: number; month: number; day: number } {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

/** `date` moved by `days` calendar days (negative: back). */
export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtc(new Date(toUtc(date).getTime() + days * DAY_MS));
}

/** Calendar days from `from` to `to`: 0 for the same day, negative when `to` comes first. */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / DAY_MS);
}

/** Day of the week, 0 = Sunday to 6 = Saturday. */
export function weekdayOf(date: IsoDate): number {
  return toUtc(date).getUTCDay();
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

/** The last day of a month (1–12). */
export function lastDayOfMonth(year: number, month: number): IsoDate {
  return fromUtc(new Date(Date.UTC(year, month, 0)));
}

/** Every day from `start` to `end`, both included (a count bounds the walk, not a comparison of text). */
export function daysOf(start: IsoDate, end: IsoDate): IsoDate[] {
  const count = Math.round((toUtc(end).getTime() - toUtc(start).getTime()) / DAY_MS) + 1;
  if (count > WALK_LIMIT) throw new RangeError(`daysOf: ${start} to ${end} is longer than any request`);
  return Array.from({ length: Math.max(0, count) }, (_, i) => addDays(start, i));
}

/** Working days (Monday to Friday) from `start` to `end`, both included. */
export function workingDaysBetween(start: IsoDate, end: IsoDate): number {
  return daysOf(start, end).filter((day) => !isWeekend(day)).length;
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

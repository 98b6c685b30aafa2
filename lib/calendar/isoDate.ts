/**
 * Calendar days written `YYYY-MM-DD`, the one calendar arithmetic of the leave engine and the agent's built-in model.
 * A day has no time of day and no time zone: it is computed at UTC midnight, where no zone can shift it by a day.
 * No clock is read here: "today" is always an argument.
 */
export type IsoDate = string;

const DAY_MS = 86_400_000;

/**
 * The years the service takes from outside (DESIGN.md, dates): wide enough for any HR record, narrow enough that
 * every walk over the days of a range stays short and `addDays` never leaves four-digit years (where text order and
 * calendar order part ways).
 */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2199;
export const MIN_ISO_DATE: IsoDate = `${FIRST_YEAR}-01-01`;
export const MAX_ISO_DATE: IsoDate = `${LAST_YEAR}-12-31`;

/** The day at UTC midnight (how Prisma reads and writes `@db.Date` columns). */
export function toUtcDate(date: IsoDate): Date {
  return new Date(`${date}T00:00:00.000Z`);
}

/** The day of a Date at UTC midnight. */
export function fromUtcDate(date: Date): IsoDate {
  return date.toISOString().slice(0, 10);
}

/** The date of year, month (1–12) and day, or undefined when there is no such day (31 April, 29 Feb 2027). */
export function realDate(year: number, month: number, day: number): IsoDate | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 31 April over to 1 May: a real day survives the round trip unchanged.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return fromUtcDate(date);
}

/** `date` moved by `days` calendar days (negative: back). */
export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtcDate(new Date(toUtcDate(date).getTime() + days * DAY_MS));
}

/** Calendar days from `from` to `to`: 0 for the same day, negative when `to` comes first. */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((toUtcDate(to).getTime() - toUtcDate(from).getTime()) / DAY_MS);
}

/** Day of the week, 0 = Sunday to 6 = Saturday. */
export function weekdayOf(date: IsoDate): number {
  return toUtcDate(date).getUTCDay();
}

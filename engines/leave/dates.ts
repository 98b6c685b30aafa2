import { AppError } from '../appError';

/**
 * Leave dates are calendar days of the tenant's calendar, written `YYYY-MM-DD` (DESIGN.md section 6). Inside the
 * engine they stay strings: they compare in calendar order as text, and they carry no time zone that could shift
 * them by a day. Only at the database edge do they become Dates, at UTC midnight, which is how Prisma reads and
 * writes `@db.Date` columns.
 */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/**
 * The window of dates the service takes from outside: wide enough for any HR record, narrow enough that every
 * walk over the days of a range stays short and `addDays` never leaves four-digit years (where text order and
 * calendar order part ways).
 */
export const MIN_ISO_DATE = '1900-01-01';
export const MAX_ISO_DATE = '2199-12-31';
export const dateWindowMessage = `must be between ${MIN_ISO_DATE} and ${MAX_ISO_DATE}`;

/** True when `date` (a real `YYYY-MM-DD` date) lies inside the service's date window. */
export function isInDateWindow(date: IsoDate): boolean {
  return date >= MIN_ISO_DATE && date <= MAX_ISO_DATE;
}

/** True when `value` is written `YYYY-MM-DD` and names a real calendar day (2028-02-29 yes, 2027-02-29 no). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2027-02-29 over to 2027-03-01; a real date survives the round trip unchanged.
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Returns `value` when it is a real `YYYY-MM-DD` date, else throws `validation_error` naming `field`. */
export function parseIsoDate(field: string, value: string): IsoDate {
  if (!ISO_DATE.test(value)) throw new AppError('validation_error', `${field}: must be a date written YYYY-MM-DD`);
  if (!isInDateWindow(value)) throw new AppError('validation_error', `${field}: ${dateWindowMessage}`);
  if (!isIsoDate(value)) throw new AppError('validation_error', `${field}: ${value} is not a real date`);
  return value;
}

/** The `@db.Date` value of a leave date: that day at UTC midnight. */
export function toDbDate(date: IsoDate): Date {
  return new Date(`${date}T00:00:00.000Z`);
}

/** The leave date of a `@db.Date` value read from the database (UTC midnight). */
export function fromDbDate(date: Date): IsoDate {
  return date.toISOString().slice(0, 10);
}

/** `date` moved by `days` calendar days (negative: back). */
export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDbDate(new Date(toDbDate(date).getTime() + days * DAY_MS));
}

/** Calendar days from `from` to `to`: 0 for the same day, negative when `to` comes first. */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((toDbDate(to).getTime() - toDbDate(from).getTime()) / DAY_MS);
}

/** Day of the week, 0 = Sunday to 6 = Saturday. */
export function dayOfWeek(date: IsoDate): number {
  return toDbDate(date).getUTCDay();
}

/** The calendar year a leave date belongs to: balances are kept per year. */
export function yearOf(date: IsoDate): number {
  return Number(date.slice(0, 4));
}

/**
 * Today's date in the IANA time zone `timeZone` at the instant `now`: what "today" means for a tenant whose
 * calendar is, say, Europe/Berlin, when the server runs in UTC. Throws RangeError for an unknown zone.
 */
export function todayIn(timeZone: string, now: Date): IsoDate {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

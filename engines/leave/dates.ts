import { AppError } from '../appError';
import {
  addDays,
  daysBetween,
  fromUtcDate,
  MAX_ISO_DATE,
  MIN_ISO_DATE,
  realDate,
  toUtcDate,
  weekdayOf,
  type IsoDate,
} from '../../lib/calendar/isoDate';
import { dayFormatter } from '../../lib/calendar/zoneFormatters';

/**
 * Leave dates are calendar days of the tenant's calendar, written `YYYY-MM-DD` (DESIGN.md section 6), with the one
 * calendar arithmetic of lib/calendar/isoDate.ts. Inside the engine they stay strings: they compare in calendar
 * order as text, and they carry no time zone that could shift them by a day. Only at the database edge do they
 * become Dates, at UTC midnight, which is how Prisma reads and writes `@db.Date` columns.
 */
export { addDays, daysBetween, MAX_ISO_DATE, MIN_ISO_DATE, type IsoDate };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const dateWindowMessage = `must be between ${MIN_ISO_DATE} and ${MAX_ISO_DATE}`;

/** True when `date` (a real `YYYY-MM-DD` date) lies inside the service's date window. */
export function isInDateWindow(date: IsoDate): boolean {
  return date >= MIN_ISO_DATE && date <= MAX_ISO_DATE;
}

/** True when `value` is written `YYYY-MM-DD` and names a real calendar day (2028-02-29 yes, 2027-02-29 no). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  return match !== null && realDate(Number(match[1]), Number(match[2]), Number(match[3])) !== undefined;
}

/** Returns `value` when it is a real `YYYY-MM-DD` date, else throws `validation_error` naming `field`. */
export function parseIsoDate(field: string, value: string): IsoDate {
  if (!ISO_DATE.test(value)) throw new AppError('validation_error', `${field}: must be a date written YYYY-MM-DD`);
  if (!isInDateWindow(value)) throw new AppError('validation_error', `${field}: ${dateWindowMessage}`);
  if (!isIsoDate(value)) throw new AppError('validation_error', `${field}: ${value} is not a real date`);
  return value;
}

/** The `@db.Date` value of a leave date: that day at UTC midnight. */
export const toDbDate = toUtcDate;

/** The leave date of a `@db.Date` value read from the database (UTC midnight). */
export const fromDbDate = fromUtcDate;

/** Day of the week, 0 = Sunday to 6 = Saturday. */
export const dayOfWeek = weekdayOf;

/** The calendar year a leave date belongs to: balances are kept per year. */
export function yearOf(date: IsoDate): number {
  return Number(date.slice(0, 4));
}

/**
 * Today's date in the IANA time zone `timeZone` at the instant `now`: what "today" means for a tenant whose
 * calendar is, say, Europe/Berlin, when the server runs in UTC. Throws RangeError for an unknown zone.
 */
export function todayIn(timeZone: string, now: Date): IsoDate {
  const parts = dayFormatter(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

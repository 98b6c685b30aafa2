import { addDays, dayOfWeek, daysBetween, yearOf, type IsoDate } from './dates';

/** A tenant's public holidays, by date: not working days. */
export type HolidayCalendar = ReadonlyMap<IsoDate, string>;

/** The leave dates of a request, inclusive, and whether it is a single half day. */
export interface DateRange {
  startDate: IsoDate;
  endDate: IsoDate;
  halfDay: boolean;
}

export interface DayCount {
  /** Working days off: 0.5 for a half day. */
  totalDays: number;
  /** The same days split by calendar year, in year order; a request across 31 December counts in both years. */
  byYear: Array<{ year: number; days: number }>;
  /** Public holidays on weekdays inside the range: the days the count skipped because of the calendar. */
  holidays: Array<{ date: IsoDate; name: string }>;
}

/** True on Saturdays and Sundays. */
export function isWeekend(date: IsoDate): boolean {
  const day = dayOfWeek(date);
  return day === 0 || day === 6;
}

/** True on a day that is neither a weekend day nor a public holiday of `holidays`. */
export function isWorkingDay(date: IsoDate, holidays: HolidayCalendar): boolean {
  return !isWeekend(date) && !holidays.has(date);
}

/**
 * The last day of a request of `days` consecutive calendar days starting on `startDate`, as the contract's `days`
 * means it: 3 days from a Monday end on the Wednesday, weekends and holidays included in the span.
 */
export function endDateForDays(startDate: IsoDate, days: number): IsoDate {
  return addDays(startDate, days - 1);
}

/** Past any range a request may span: a walk that reaches it stops with an error instead of running on. */
const WALK_LIMIT = 4 * 366;

/**
 * Counts the working days of a range: every day from start to end inclusive that is not a Saturday, a Sunday or
 * a public holiday; a half day counts 0.5 (the caller has checked it is a single day). The walk is bounded by the
 * number of days, not by comparing dates as text (which once ran forever past 9999-12-31); the caller has checked
 * that the range is ordered and at most 366 days, and a longer one throws rather than hangs.
 */
export function countWorkingDays(range: DateRange, holidays: HolidayCalendar): DayCount {
  const perYear = new Map<number, number>();
  const skipped: DayCount['holidays'] = [];
  const dayValue = range.halfDay ? 0.5 : 1;
  const length = daysBetween(range.startDate, range.endDate) + 1;
  if (!(length <= WALK_LIMIT)) throw new RangeError(`countWorkingDays: ${range.startDate} to ${range.endDate}`);
  for (let i = 0; i < length; i += 1) {
    const date = addDays(range.startDate, i);
    if (isWeekend(date)) continue;
    const holiday = holidays.get(date);
    if (holiday !== undefined) {
      skipped.push({ date, name: holiday });
      continue;
    }
    perYear.set(yearOf(date), (perYear.get(yearOf(date)) ?? 0) + dayValue);
  }
  const byYear = [...perYear.entries()].sort(([a], [b]) => a - b).map(([year, days]) => ({ year, days }));
  return { totalDays: byYear.reduce((sum, y) => sum + y.days, 0), byYear, holidays: skipped };
}

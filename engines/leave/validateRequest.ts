import type { LeaveStatus } from '../../db/models';
import { AppError } from '../appError';
import { balanceView, type BalanceView } from './balances';
import { addDays, daysBetween, parseIsoDate, type IsoDate } from './dates';
import type { PolicyRules } from './policies';
import { countWorkingDays, endDateForDays, type DateRange, type DayCount, type HolidayCalendar } from './workingDays';

/**
 * The rules a leave request must pass, as pure functions of the input and of facts read beforehand, so they are
 * unit-tested as tables and run before anything is written. Every failure is a `validation_error` whose message
 * starts with the input field to fix.
 */

/** A request spans at most this many calendar days; longer absences are recorded as several requests. */
export const MAX_RANGE_DAYS = 366;

/** The date fields of the contract's create body. */
export interface RequestDates {
  start_date: string;
  end_date?: string | undefined;
  days?: number | undefined;
  half_day?: boolean | undefined;
}

/** The field that decided where a range ends: errors about the range's length or cost name it. */
export type RangeField = 'start_date' | 'end_date' | 'days';

export interface RequestedRange extends DateRange {
  rangeField: RangeField;
}

/** What checkRequest needs to know besides the dates, read in the transaction that writes the request. */
export interface RequestFacts {
  policy: PolicyRules;
  /** Today in the tenant's time zone. */
  today: IsoDate;
  holidays: HolidayCalendar;
  /** The employee's balances of the policy for the years of the range (a missing year: see balanceView). */
  balances: ReadonlyMap<number, BalanceView>;
  /** The employee's own requests that still hold days (PENDING, APPROVED, IN_PROGRESS). */
  ownRequests: ReadonlyArray<{ startDate: IsoDate; endDate: IsoDate; status: LeaveStatus }>;
}

export interface CheckedRequest extends DayCount, DateRange {}

const invalid = (message: string) => new AppError('validation_error', message);

/**
 * The range a request asks for. `end_date` and `days` are alternatives; with neither, the request is the single
 * day `start_date` (the contract marks both optional). `days` counts consecutive calendar days, so 3 days from a
 * Monday end on the Wednesday. A half day is a single day.
 */
export function resolveRange(input: RequestDates): RequestedRange {
  const startDate = parseIsoDate('start_date', input.start_date);
  if (input.end_date !== undefined && input.days !== undefined) {
    throw invalid('days: give either end_date or days, not both');
  }
  let endDate = startDate;
  let rangeField: RangeField = 'start_date';
  if (input.end_date !== undefined) {
    endDate = parseIsoDate('end_date', input.end_date);
    rangeField = 'end_date';
    if (endDate < startDate) throw invalid('end_date: must not be before start_date');
  } else if (input.days !== undefined) {
    if (!Number.isInteger(input.days) || input.days < 1) {
      throw invalid('days: must be a whole number of calendar days, at least 1 (use half_day for half a day)');
    }
    rangeField = 'days';
    if (input.days > MAX_RANGE_DAYS) throw invalid(`days: a request spans at most ${MAX_RANGE_DAYS} calendar days`);
    endDate = endDateForDays(startDate, input.days);
  }
  if (daysBetween(startDate, endDate) + 1 > MAX_RANGE_DAYS) {
    throw invalid(`${rangeField}: a request spans at most ${MAX_RANGE_DAYS} calendar days`);
  }
  const halfDay = input.half_day ?? false;
  if (halfDay && endDate !== startDate) {
    throw invalid(`half_day: only a single-day request can be a half day (this one ends on ${endDate})`);
  }
  return { startDate, endDate, halfDay, rangeField };
}

/** The years a range touches, in order: the balances checkRequest needs. */
export function yearsOf(range: DateRange): number[] {
  const first = Number(range.startDate.slice(0, 4));
  const last = Number(range.endDate.slice(0, 4));
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/**
 * Checks a range against the policy, the calendar, the employee's other requests and their balance, and counts
 * its working days per year. Throws the first rule broken, in this order: half day allowed, not too far in the
 * past, at least one working day, no overlap with the employee's own active requests, enough balance when the
 * policy forbids a negative one.
 */
export function checkRequest(range: RequestedRange, facts: RequestFacts): CheckedRequest {
  const { policy } = facts;
  if (range.halfDay && !policy.allowHalfDays) {
    throw invalid(`half_day: ${policy.name} cannot be taken in half days`);
  }
  const earliest = addDays(facts.today, -policy.maxPastDays);
  if (range.startDate < earliest) {
    throw invalid(
      policy.maxPastDays === 0
        ? `start_date: ${policy.name} cannot start in the past (today is ${facts.today})`
        : `start_date: ${policy.name} can start at most ${policy.maxPastDays} days in the past (on or after ${earliest})`,
    );
  }
  const count = countWorkingDays(range, facts.holidays);
  if (count.totalDays === 0) {
    // Name the holidays: "24 and 25 December have no working days" puzzles a person until they see why.
    const holidays = count.holidays.map((h) => `${h.date} ${h.name}`).join(', ');
    throw invalid(
      `${range.rangeField}: ${range.startDate} to ${range.endDate} has no working days ` +
        `(weekends and public holidays are not counted${holidays ? `; public holidays in it: ${holidays}` : ''})`,
    );
  }
  const overlap = facts.ownRequests.find((r) => r.startDate <= range.endDate && r.endDate >= range.startDate);
  if (overlap) {
    throw invalid(
      `start_date: overlaps your ${overlap.status} request from ${overlap.startDate} to ${overlap.endDate}`,
    );
  }
  if (!policy.allowNegativeBalance) {
    for (const { year, days } of count.byYear) {
      const balance = facts.balances.get(year) ?? balanceView(undefined, policy);
      if (days > balance.remaining) {
        throw invalid(
          `${range.rangeField}: needs ${days} days of ${policy.name} in ${year} but only ${balance.remaining} remain`,
        );
      }
    }
  }
  return { startDate: range.startDate, endDate: range.endDate, halfDay: range.halfDay, ...count };
}

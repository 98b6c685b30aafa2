import { addDays, yearOf, type IsoDate } from '../leave/dates';

/**
 * Day counting of Work From Anywhere: calendar days, both ends included (a week abroad is 7 days, weekend too, as
 * the tax and social-security rules that make the policy count them), split by the year each day falls in, since
 * the allowance is yearly. Pure.
 */
export function daysByYear(startDate: IsoDate, endDate: IsoDate): Map<number, number> {
  const byYear = new Map<number, number>();
  for (let day = startDate; day <= endDate; day = addDays(day, 1)) {
    byYear.set(yearOf(day), (byYear.get(yearOf(day)) ?? 0) + 1);
  }
  return byYear;
}

/** The request's days in `year` (0 when none fall in it). */
export function daysIn(startDate: IsoDate, endDate: IsoDate, year: number): number {
  const from = startDate > `${year}-01-01` ? startDate : (`${year}-01-01` as IsoDate);
  const to = endDate < `${year}-12-31` ? endDate : (`${year}-12-31` as IsoDate);
  if (from > to) return 0;
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
}

/** What a request breaks of the policy: more days than the year's allowance leaves, or a country not allowed. */
export function breachesOf(input: {
  country: string;
  requestDays: Map<number, number>;
  usedDays: (year: number) => number;
  policy: { daysPerYear: number; allowedCountries: readonly string[] };
}): Array<'allowance' | 'country'> {
  const breaches: Array<'allowance' | 'country'> = [];
  const over = [...input.requestDays].some(([year, days]) => input.usedDays(year) + days > input.policy.daysPerYear);
  if (over) breaches.push('allowance');
  if (input.policy.allowedCountries.length > 0 && !input.policy.allowedCountries.includes(input.country)) {
    breaches.push('country');
  }
  return breaches;
}

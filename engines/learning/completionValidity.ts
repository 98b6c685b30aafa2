import { todayIn, type IsoDate } from '../leave/dates';

/**
 * How long a completion counts (company-api.md, Learning: required trainings are due again): a course with
 * `validityMonths` is valid from the tenant-calendar day it was completed until the same day that many months
 * later (the month's last day where it has no such day, as PostgreSQL's `date + interval` reads it, which the
 * sweep's SQL uses); without, for ever.
 */
export function validUntil(completedAt: Date, validityMonths: number | null, timeZone: string): IsoDate | null {
  if (validityMonths === null) return null;
  const [y, m, d] = todayIn(timeZone, completedAt).split('-').map(Number) as [number, number, number];
  const months = y * 12 + (m - 1) + validityMonths;
  const year = Math.floor(months / 12);
  const month = (months % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

import { realDate, type IsoDate } from '../../lib/calendar/isoDate';

/**
 * When a yearly date (a birthday, the day someone was hired) falls between `from` and `to` (inclusive): the same
 * month and day of each year of the range. Someone born or hired on 29 February is celebrated on 28 February in a
 * year without one, so they keep one day a year, in the same month. Answers each occurrence with its year.
 */
export function occurrencesIn(
  monthDay: { month: number; day: number },
  from: IsoDate,
  to: IsoDate,
): Array<{ date: IsoDate; year: number }> {
  const out: Array<{ date: IsoDate; year: number }> = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    const date =
      realDate(year, monthDay.month, monthDay.day) ??
      (monthDay.month === 2 && monthDay.day === 29 ? realDate(year, 2, 28) : undefined);
    if (date !== undefined && date >= from && date <= to) out.push({ date, year });
  }
  return out;
}

/** The month and day of a `@db.Date` value (read at UTC midnight). */
export function monthDayOf(date: Date): { month: number; day: number } {
  return { month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/**
 * The month a payslip question is about, as list_payslips takes it (`YYYY-MM`). Payslips look back: a month named
 * without a year is the latest such month not after today ("October" in November 2026 is 2026-10, in March 2027
 * still 2026-10; "November" in November is this month's), unlike leave, where a month is the next one to come.
 */

import { type IsoDate, MONTH_NAMES, partsOf } from './calendar';

const MONTHS = MONTH_NAMES.flatMap((name, index) => [
  { word: name, month: index + 1 },
  { word: name.slice(0, 3), month: index + 1 },
]).sort((a, b) => b.word.length - a.word.length);
const MONTH_WORD = `(${[...new Set(MONTHS.map((m) => m.word))].join('|')})`;

function period(year: number, month: number): string | undefined {
  if (year < 1900 || year > 2199 || month < 1 || month > 12) return undefined;
  return `${year}-${String(month).padStart(2, '0')}`;
}

function shifted(today: IsoDate, months: number): string | undefined {
  const { year, month } = partsOf(today);
  const index = year * 12 + (month - 1) + months;
  return period(Math.floor(index / 12), (index % 12) + 1);
}

/** The pay period (`YYYY-MM`) the text (normalised) names, or undefined when it names none. */
export function findPayPeriod(text: string, today: IsoDate): string | undefined {
  const iso = /\b(\d{4})-(\d{2})\b(?!-\d)/.exec(text);
  if (iso) return period(Number(iso[1]), Number(iso[2]));
  const numeric = /\b(\d{1,2})\/(\d{4})\b/.exec(text);
  if (numeric) return period(Number(numeric[2]), Number(numeric[1]));
  if (/\b(?:last|previous|past) month\b/.test(text)) return shifted(today, -1);
  if (/\b(?:this|current) month\b/.test(text)) return shifted(today, 0);
  // "may" is a month only where it cannot be the verb ("may I see my payslip").
  const named = new RegExp(`\\b${MONTH_WORD}\\b\\.?(?:,?\\s+(\\d{4}))?(?!\\s+(?:i|we|you)\\b)`).exec(text);
  const before = new RegExp(`\\b(\\d{4})\\s+${MONTH_WORD}\\b`).exec(text);
  const word = named?.[1] ?? before?.[2];
  if (word === undefined) return undefined;
  const month = MONTHS.find((m) => m.word === word)!.month;
  const year = named?.[2] ?? before?.[1];
  if (year !== undefined) return period(Number(year), month);
  const now = partsOf(today);
  return period(month <= now.month ? now.year : now.year - 1, month);
}

/** "October 2026" for `2026-10`. */
export function periodName(value: string): string {
  const name = MONTH_NAMES[Number(value.slice(5, 7)) - 1] ?? value;
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${value.slice(0, 4)}`;
}

/**
 * The period an analytics question is about, as the first and last day the analytics reads take: "for 2026", "this
 * year", "last year", "last quarter", "Q2", "this month", "in October". Read against the run's today: "last quarter"
 * on 28 November 2026 is 1 July to 30 September 2026; a quarter or month named without a year is the latest one that
 * has begun ("Q4" asked in February is last year's). A question naming no period is about this year.
 */

import { type IsoDate, MONTH_NAMES, lastDayOfMonth, partsOf } from './calendar';

/** A period of the analytics reads, and how the reply names it. */
export interface AnalyticsPeriod {
  from: IsoDate;
  to: IsoDate;
  /** "2026", "Q3 2026", "October 2026", "2026 so far". */
  label: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

function yearPeriod(year: number): AnalyticsPeriod {
  return { from: `${year}-01-01`, to: `${year}-12-31`, label: String(year) };
}

function quarterPeriod(year: number, q: number): AnalyticsPeriod {
  const first = (q - 1) * 3 + 1;
  return { from: `${year}-${pad(first)}-01`, to: lastDayOfMonth(year, first + 2), label: `Q${q} ${year}` };
}

function monthPeriod(year: number, month: number): AnalyticsPeriod {
  const name = MONTH_NAMES[month - 1]!;
  return {
    from: `${year}-${pad(month)}-01`,
    to: lastDayOfMonth(year, month),
    label: `${name[0]!.toUpperCase()}${name.slice(1)} ${year}`,
  };
}

const NAMES_A_PERIOD = new RegExp(`\\b(?:20\\d\\d|year|quarter|month|q[1-4]|ytd|${MONTH_NAMES.join('|')})\\b`);

/**
 * The period of a question in the present tense ("how many employees do we have"): the one it names, else this
 * year up to today, so that the figures end today rather than on 31 December.
 */
export function findPeriodToDate(text: string, today: IsoDate): AnalyticsPeriod {
  if (NAMES_A_PERIOD.test(text)) return findAnalyticsPeriod(text, today);
  const year = partsOf(today).year;
  return { from: `${year}-01-01`, to: today, label: `${year} so far` };
}

const MONTH = new RegExp(`\\b(${MONTH_NAMES.join('|')})(?:\\s+(20\\d\\d))?\\b`);

/** The period `text` (normalised) names, against `today`; this year when it names none. */
export function findAnalyticsPeriod(text: string, today: IsoDate): AnalyticsPeriod {
  const { year, month } = partsOf(today);
  const quarter = Math.floor((month - 1) / 3) + 1;
  if (/\b(?:last|previous|past|prior) quarter\b/.test(text))
    return quarter === 1 ? quarterPeriod(year - 1, 4) : quarterPeriod(year, quarter - 1);
  if (/\b(?:this|current|the current) quarter\b/.test(text)) return quarterPeriod(year, quarter);
  const q = /\bq([1-4])(?:\s*(?:of\s+)?(20\d\d))?\b/.exec(text);
  if (q) {
    const n = Number(q[1]);
    if (q[2]) return quarterPeriod(Number(q[2]), n);
    return n > quarter ? quarterPeriod(year - 1, n) : quarterPeriod(year, n);
  }
  if (/\b(?:last|previous|past|prior) month\b/.test(text))
    return month === 1 ? monthPeriod(year - 1, 12) : monthPeriod(year, month - 1);
  if (/\b(?:this|current|the current) month\b/.test(text)) return monthPeriod(year, month);
  const named = MONTH.exec(text);
  if (named && !/\b\d{1,2}\s+$/.test(text.slice(0, named.index))) {
    const m = MONTH_NAMES.indexOf(named[1] as (typeof MONTH_NAMES)[number]) + 1;
    if (named[2]) return monthPeriod(Number(named[2]), m);
    return monthPeriod(m > month ? year - 1 : year, m);
  }
  if (/\b(?:last|previous|past|prior) year\b/.test(text)) return yearPeriod(year - 1);
  if (/\b(?:year to date|ytd|so far this year)\b/.test(text))
    return { from: `${year}-01-01`, to: today, label: `${year} so far` };
  const explicit = /\b(20\d\d)\b/.exec(text);
  if (explicit) return yearPeriod(Number(explicit[1]));
  return yearPeriod(year);
}

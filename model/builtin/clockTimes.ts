/**
 * Times of day as people write them about work: "9 to 5", "9am-5:30pm", "from 8 to 16", "between 8.30 and 17h",
 * "in at 9, out at 6", and breaks: "with a 30 minute break", "an hour lunch break", "break of 45 min". Read from
 * the normalised text; each finding keeps the span it came from, so the date parser can read the rest without
 * mistaking "8.30" for the 8th of a month. Times are minutes after midnight; an end at or before the start ends on
 * the next day (a night shift), unless it reads as the afternoon ("9 to 5" is 09:00 to 17:00).
 */

import { MONTH_NAMES } from './calendar';

/** A stretch of work on one day: start and end in minutes after midnight (an end of 1440 or more is the next day). */
export interface WorkedTimes {
  start: number;
  end: number;
}

/** A part of the text a finding came from. */
export interface Span {
  start: number;
  end: number;
}

interface TimeOfDay {
  minutes: number;
  hour: number;
  meridiem?: 'am' | 'pm';
}

const TIME = "(\\d{1,2})(?:[:.h](\\d{2}))?\\s*(a\\.?m\\.?|p\\.?m\\.?|h\\b|o'?clock)?";
const MONTHS = MONTH_NAMES.flatMap((name) => [name, name.slice(0, 3)]).join('|');
// What a number before it is not: a day of a month, days, weeks, an amount, a distance.
const NOT_A_TIME = `(?![\\d/:])(?!\\s*(?:of\\s+)?(?:${MONTHS})\\b)(?!\\s*(?:days?|weeks?|months?|hours?|hrs?|km|kms|kilomet\\w*|miles?|eur|euros?|usd|gbp)\\b|\\s*[%€$£])`;
const RANGE = new RegExp(
  `(?<![\\d/.:,§-])\\b(?:(from|between)\\s+)?${TIME}\\s*(-|to|till|til|until|and)\\s*${TIME}${NOT_A_TIME}`,
  'g',
);
const AT = new RegExp(`\\b(?:at|from)\\s+${TIME}${NOT_A_TIME}`, 'g');

function timeOf(hour: string, minute: string | undefined, suffix: string | undefined): TimeOfDay | undefined {
  let h = Number(hour);
  const m = minute === undefined ? 0 : Number(minute);
  const meridiem = suffix?.startsWith('a') ? 'am' : suffix?.startsWith('p') ? 'pm' : undefined;
  if (m > 59 || h > 24 || (meridiem && (h < 1 || h > 12)) || (h === 24 && m > 0)) return undefined;
  if (meridiem === 'pm' && h < 12) h += 12;
  if (meridiem === 'am' && h === 12) h = 0;
  return { minutes: h * 60 + m, hour: h, ...(meridiem ? { meridiem } : {}) };
}

/** Start and end as a person means them: "1-5pm" is 13:00 to 17:00, "9 to 5" 09:00 to 17:00, "22 to 6" overnight. */
function worked(start: TimeOfDay, end: TimeOfDay): WorkedTimes {
  let from = start.minutes;
  let to = end.minutes;
  if (!start.meridiem && end.meridiem === 'pm' && from < 720 && from + 720 < to) from += 720;
  if (!end.meridiem && to <= from && to < 720 && to + 720 > from) to += 720;
  if (to <= from) to += 1440;
  return { start: from, end: to };
}

/**
 * "14.12 - 18.12", "3-5.12", "21.12-23.12": days of a month written day.month (as much of Europe writes them), not
 * 14:12 to 18:12. Read so when the dotted "minutes" could be a month (1 to 12) and are the same month on both sides
 * (or the start gives none), and the "hours" could be its days, unless the text is about work ("worked 9.10-17.10").
 */
const AT_WORK = /\b(?:work|worked|working|shift|clock|clocked|punch|punched|time entry|timesheet)\b/;
function readsAsDays(m: RegExpMatchArray, text: string): boolean {
  const [whole, , startDay, startMonth, startSuffix, separator, endDay, endMonth, endSuffix] = m;
  if (AT_WORK.test(text) || endMonth === undefined || startSuffix !== undefined || endSuffix !== undefined)
    return false;
  if (separator !== '-' && separator !== 'to') return false;
  // Only a dot between day and month: "14:12", "14h12" are times whatever their numbers.
  if (/[:h]\d/.test(whole)) return false;
  const month = Number(endMonth);
  const days = [Number(startDay), Number(endDay)];
  return (
    month >= 1 &&
    month <= 12 &&
    (startMonth === undefined || Number(startMonth) === month) &&
    days.every((day) => day >= 1 && day <= 31) &&
    days[0]! <= days[1]!
  );
}

/**
 * The stretch of work the text names, and where; undefined when it names none. `marked` when a time says it is one
 * ("9am", "8:30", "17h"), not just a pair of numbers.
 */
export function findWorkedTimes(text: string): { times: WorkedTimes; spans: Span[]; marked: boolean } | undefined {
  for (const m of text.matchAll(RANGE)) {
    if (m[5] === 'and' && m[1] !== 'between') continue;
    if (readsAsDays(m, text)) continue;
    const start = timeOf(m[2]!, m[3], m[4]);
    const end = timeOf(m[6]!, m[7], m[8]);
    if (!start || !end) continue;
    const marked = [m[3], m[4], m[7], m[8]].some((part) => part !== undefined);
    return { times: worked(start, end), spans: [{ start: m.index, end: m.index + m[0].length }], marked };
  }
  // "in at 9, out at 5": two times said apart.
  const ats = [...text.matchAll(AT)].slice(0, 2);
  if (ats.length === 2) {
    const start = timeOf(ats[0]![1]!, ats[0]![2], ats[0]![3]);
    const end = timeOf(ats[1]![1]!, ats[1]![2], ats[1]![3]);
    if (start && end) {
      return {
        times: worked(start, end),
        spans: ats.map((m) => ({ start: m.index, end: m.index + m[0].length })),
        marked: true,
      };
    }
  }
  return undefined;
}

const QTY = '(\\d+(?:\\.\\d+)?|half an?|an?|one|two)';
const UNIT = '(minutes?|mins?|m|hours?|hrs?|h)\\b';
const BREAK_WORDS = '(?:lunch\\s+|coffee\\s+|short\\s+|long\\s+)?breaks?';
const BREAKS = [
  new RegExp(
    `\\b(?:(?:with|took|had|incl(?:uding)?|plus)\\s+)?(?:a\\s+)?${QTY}\\s*-?\\s*${UNIT}\\s*-?\\s*(?:long\\s+)?${BREAK_WORDS}\\b`,
  ),
  new RegExp(`\\b(?:(?:with|took|had)\\s+)?(?:a\\s+)?${BREAK_WORDS}\\s+(?:of\\s+)?${QTY}\\s*-?\\s*${UNIT}`),
  new RegExp(`\\b(?:(?:with|took|had)\\s+)?${QTY}\\s*-?\\s*${UNIT}\\s+(?:of\\s+)?(?:lunch|${BREAK_WORDS})\\b`),
];

function minutesOf(quantity: string, unit: string): number | undefined {
  const count = /^half/.test(quantity)
    ? 0.5
    : /^an?$|^one$/.test(quantity)
      ? 1
      : quantity === 'two'
        ? 2
        : Number(quantity);
  const minutes = unit.startsWith('h') ? count * 60 : count;
  return Number.isInteger(minutes) && minutes >= 0 && minutes <= 1440 ? minutes : undefined;
}

/** The minutes of breaks the text gives ("with a 30 minute break"), and where; undefined when it gives none. */
export function findBreakMinutes(text: string): { minutes: number; span: Span } | undefined {
  for (const pattern of BREAKS) {
    const m = pattern.exec(text);
    if (!m) continue;
    const minutes = minutesOf(m[1]!, m[2]!);
    if (minutes !== undefined) return { minutes, span: { start: m.index, end: m.index + m[0].length } };
  }
  return undefined;
}

/** The text with the spans blanked out (same length, so other spans still point at the right places). */
export function blank(text: string, spans: Span[]): string {
  let out = text;
  for (const span of spans) out = out.slice(0, span.start) + ' '.repeat(span.end - span.start) + out.slice(span.end);
  return out;
}

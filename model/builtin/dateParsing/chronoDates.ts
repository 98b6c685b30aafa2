/**
 * Calendar dates written out ("4 May", "May 4th 2027", "Friday 4 December", "4-6 May", "2027-05-04", "04/05/2027",
 * "14.12") are read by chrono-node, a maintained date parser, restricted to its parsers of dates (its weekday,
 * relative and time parsers are left out: the model's own rules for "next Friday" and friends are in dateAtoms.ts),
 * plus one custom parser for what chrono lacks: a range whose first day carries no month ("Tuesday 3rd to Thursday
 * 5th March"). The year is left open when the text gives none (dates.ts decides it: the next one to come).
 *
 * Numeric dates: day first or month first is decided once per request, from the text ("US format", a date such as
 * 04/16 that only reads month first, or 16/04 day first). With no such hint a date with its year reads day first,
 * the European way of the people this model serves, and one without a year whose both readings are real days
 * (07/02) is ambiguous: the model asks rather than guess.
 */

import * as chrono from 'chrono-node';

import { MONTH_NAMES } from '../calendar';
import { splitListedDayMonths } from './listedDayMonths';

/** A day as written: the year absent when the text gives none. */
export interface WrittenDay {
  year?: number;
  month: number;
  day: number;
  /** The weekday written with it ("Friday 4 December"), 0 = Sunday: checked against the day, never trusted. */
  weekday?: number;
}

/** One date expression chrono read: its place in the text and the day, or both ends of a range. */
export interface ChronoDate {
  index: number;
  end: number;
  start: WrittenDay;
  to?: WrittenDay;
  /** A numeric date whose reading (day or month first) the text does not decide: both readings, day first first. */
  ambiguous?: [WrittenDay, WrittenDay];
}

/** chrono's parsers and refiners of calendar dates only, by name. */
const DATE_PARSERS = new Set([
  'ISOFormatParser',
  'SlashDateFormatParser',
  'ENMonthNameLittleEndianParser',
  'ENMonthNameMiddleEndianParser',
]);
const DATE_REFINERS = new Set([
  'OverlapRemovalRefiner',
  'MergeWeekdayComponentRefiner',
  'ENExtractYearSuffixRefiner',
  'ENMergeDateRangeRefiner',
]);

const MONTH_WORD: Record<string, number> = { sept: 9 };
MONTH_NAMES.forEach((name, index) => {
  MONTH_WORD[name] = index + 1;
  MONTH_WORD[name.slice(0, 3)] = index + 1;
});
const MONTH = `(${Object.keys(MONTH_WORD)
  .sort((a, b) => b.length - a.length)
  .join('|')})\\.?`;
const WEEKDAY = '(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:[a-z]*day)?';
// What may describe a date just before it: a weekday and "the" ("Wednesday, the 4th"), and the characters to read.
const LEAD = new RegExp(`\\b(?:${WEEKDAY},?\\s+)?(?:the\\s+)?$`);
const LEAD_WINDOW = 32;
const ORD = '(?:st|nd|rd|th)?';

/**
 * Refiner chrono lacks: "Tuesday 3rd to Thursday 5th March", "Mon 11th - Fri 15th January 2027": the first day takes
 * the month (and year) of the second. chrono alone reads the first weekday as a weekday of this week.
 */
const firstDayWithoutMonth: chrono.Parser = {
  pattern: () =>
    new RegExp(
      `\\b${WEEKDAY},?\\s+(?:the\\s+)?(\\d{1,2})${ORD}\\s*(?:-|to|until|till|through|thru)\\s*` +
        `(?:${WEEKDAY},?\\s+)?(?:the\\s+)?(\\d{1,2})${ORD}\\s+(?:of\\s+)?${MONTH}(?:,?\\s+(\\d{4}))?\\b`,
      'i',
    ),
  extract: (context, match) => {
    const month = MONTH_WORD[match[3]!.toLowerCase().replace('.', '')]!;
    const year = match[4] !== undefined ? Number(match[4]) : undefined;
    const start = context.createParsingComponents({ day: Number(match[1]), month });
    const end = context.createParsingComponents({ day: Number(match[2]), month });
    if (year !== undefined) {
      start.assign('year', year);
      end.assign('year', year);
    }
    return context.createParsingResult(match.index!, match[0], start, end);
  },
};

/**
 * Refiner chrono lacks: "dec 14" is 14 December to someone booking leave; chrono reads December 2014 (a two-digit
 * year), and only takes the day when written "december 14th".
 */
const monthThenShortDay: chrono.Parser = {
  pattern: () => new RegExp(`\\b${MONTH}\\s+(\\d{1,2})(?![\\d:]|\\s*,?\\s*\\d{4})\\b`, 'i'),
  extract: (context, match) => {
    const month = MONTH_WORD[match[1]!.toLowerCase().replace('.', '')]!;
    return context.createParsingComponents({ day: Number(match[2]), month });
  },
};

/** Refiner: dotted dates ("14.12.2026", "4.5.") are day first wherever they are written; chrono misses "4.5.". */
const dottedDayFirst: chrono.Parser = {
  pattern: () => /\b(\d{1,2})\.(\d{1,2})(?:\.(\d{4})\b|\.(?!\d)|\b(?!\.\d))/i,
  extract: (context, match) => {
    const [day, month] = [Number(match[1]), Number(match[2])];
    if (month < 1 || month > 12 || day < 1 || day > 31) return null;
    const components = context.createParsingComponents({ day, month });
    if (match[3] !== undefined) components.assign('year', Number(match[3]));
    return components;
  },
};

/**
 * Refiner: "12/21-12/23", "21.12-23.12", a numeric range joined by a dash without spaces, which chrono reads as one
 * odd date ("21 December 2023" for the dotted one). Dotted days are day first, as everywhere.
 */
function numericRange(littleEndian: boolean): chrono.Parser {
  const side = (a: string, b: string, year: string | undefined, dotted: boolean) => {
    const [day, month] = littleEndian || dotted ? [Number(a), Number(b)] : [Number(b), Number(a)];
    if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
    return { day, month, ...(year !== undefined ? { year: Number(year.length === 2 ? `20${year}` : year) } : {}) };
  };
  return {
    pattern: () => /\b(\d{1,2})([/.])(\d{1,2})(?:\2(\d{4}|\d{2}))?\.?-(\d{1,2})\2(\d{1,2})(?:\2(\d{4}|\d{2}))?\b/,
    extract: (context, match) => {
      const dotted = match[2] === '.';
      const start = side(match[1]!, match[3]!, match[4], dotted);
      const end = side(match[5]!, match[6]!, match[7], dotted);
      if (!start || !end) return null;
      return context.createParsingResult(
        match.index!,
        match[0],
        context.createParsingComponents(start),
        context.createParsingComponents(end),
      );
    },
  };
}

function dateChrono(littleEndian: boolean): chrono.Chrono {
  const base = (littleEndian ? chrono.en.GB : chrono.en.casual).clone();
  base.parsers = [
    firstDayWithoutMonth,
    monthThenShortDay,
    dottedDayFirst,
    numericRange(littleEndian),
    ...base.parsers.filter((p) => DATE_PARSERS.has(p.constructor.name)),
  ];
  base.refiners = base.refiners.filter((r) => DATE_REFINERS.has(r.constructor.name));
  return base;
}

const WEEKDAY_NUMBER: Record<string, number> = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };
const WRITTEN_WEEKDAY = new RegExp(`\\b(${WEEKDAY}),?\\s+(?:the\\s+)?\\d`, 'g');

/** Built once at module load: planning must stay fast. */
const DAY_FIRST = dateChrono(true);
const MONTH_FIRST = dateChrono(false);

const NUMERIC = /\b(\d{1,2})[/.](\d{1,2})(?:[/.](\d{4}|\d{2}))?\b/g;
/** Numbers that are amounts, not dates: "1.5 days", "12.90". */
const NOT_A_DATE = /^\s*(?:days?|weeks?|hours?|h\b|hrs?\b|eur|euros?|usd|dollars?|%)/;

/** How the request writes numeric dates: decided from the text, or undecided. */
function numericOrder(text: string): 'day' | 'month' | undefined {
  if (/\b(?:us|u\.s\.|american|mm\/dd)\b/.test(text)) return 'month';
  if (/\b(?:dd\/mm|european|uk)\b/.test(text)) return 'day';
  for (const m of text.matchAll(NUMERIC)) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    if (a > 12 && b <= 12) return 'day';
    if (b > 12 && a <= 12) return 'month';
  }
  // A range read both ways: the reading that keeps it within one month is the one meant ("8/2 - 8/6" is 2 to 6
  // August, not four months from 8 February).
  const range = new RegExp(`${NUMERIC.source}\\s*(?:-|–|to|through|thru|until|till|au)\\s*${NUMERIC.source}`).exec(
    text,
  );
  if (range) {
    const [a, b, c, d] = [range[1], range[2], range[4], range[5]].map(Number) as [number, number, number, number];
    if (a === c && b !== d) return 'month';
    if (b === d && a !== c) return 'day';
  }
  return undefined;
}

function written(component: chrono.ParsedComponents): WrittenDay {
  const day: WrittenDay = { month: component.get('month')!, day: component.get('day')! };
  if (component.isCertain('year')) day.year = component.get('year')!;
  return day;
}

/**
 * The calendar dates of `text` (normalised, lower case) that chrono reads, in order. `today` is only chrono's
 * reference: the years it would infer are dropped, dates.ts infers them by its own rule.
 */
export function chronoDates(text: string, today: Date = new Date(Date.UTC(2000, 0, 1))): ChronoDate[] {
  const order = numericOrder(text);
  const parser = order === 'month' ? MONTH_FIRST : DAY_FIRST;
  const found: ChronoDate[] = [];
  for (const result of parser.parse(splitListedDayMonths(text), { instant: today, timezone: 0 })) {
    const end = result.index + result.text.length;
    const numeric = /^\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?\.?$/.test(result.text.trim());
    if (numeric && NOT_A_DATE.test(text.slice(end))) continue;
    if (!result.start.isCertain('day') || !result.start.isCertain('month')) continue;
    // A weekday or "the" before the date only describes it ("Friday 4 December", "the 4th of May").
    // Only the characters just before it are read: the regex tried at every position of the whole prefix made a
    // message of many dates quadratic (~100 ms for the 1 333 dates of 8 000 characters of "12/05 ").
    const from = Math.max(0, result.index - LEAD_WINDOW);
    const lead = LEAD.exec(text.slice(from, result.index));
    // A match at the window's first character is cut from a longer word unless a word boundary is really there.
    const cut = lead?.index === 0 && from > 0 && /\w/.test(text[from - 1]!);
    const index = lead && lead[0].length > 0 && !cut ? from + lead.index : result.index;
    const date: ChronoDate = { index, end, start: written(result.start) };
    if (result.end) date.to = written(result.end);
    const said = [...text.slice(index, end).matchAll(WRITTEN_WEEKDAY)].map((w) => WEEKDAY_NUMBER[w[1]!.slice(0, 3)]!);
    if (said.length > 0 && /^\s*[a-z]/.test(text.slice(index, end))) date.start.weekday = said[0];
    if (said.length > 1 && date.to) date.to.weekday = said[1];
    if (order === undefined && /\d\/\d/.test(result.text)) {
      const unsure = [...result.text.matchAll(NUMERIC)].find(
        (m) => m[3] === undefined && Number(m[1]) <= 12 && Number(m[2]) <= 12 && m[1] !== m[2],
      );
      if (unsure) {
        const [a, b] = [Number(unsure[1]), Number(unsure[2])];
        date.ambiguous = [
          { day: a, month: b },
          { day: b, month: a },
        ];
      }
    }
    found.push(date);
  }
  return found;
}

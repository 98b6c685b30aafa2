/**
 * Date atoms: the smallest date expressions of a request ("4 May", "next Monday", "the 12th", "4-6 May", "next week"),
 * found in the normalised text and replaced there by placeholders `§0§`, `§1§`… The remaining skeleton ("book leave
 * from §0§ to §1§") is what `dates.ts` reads for structure (ranges, durations, lists). Atoms stay unresolved until
 * then, because "Wednesday" in "Monday to Wednesday" depends on the Monday before it.
 *
 * Calendar dates come from chrono-node (dateParsing/chronoDates.ts); the patterns here are the refiners for what it
 * lacks (run before it) and the relative forms it is not asked to read (after it).
 */

import { MONTH_NAMES, WEEKDAY_NAMES } from './calendar';
import { RANGE_END_ORDINALS } from './bareOrdinals';
import { chronoDates, type WrittenDay } from './dateParsing/chronoDates';
import { NOT_A_FEAST_DAY } from './moveableFeasts';
import { QUANTITY, quantityValue } from './quantities';

/** A date expression before resolution. `year` is absent when the user gave none. */
export type DateAtom =
  | { kind: 'ymd'; year?: number; month: number; day: number; weekday?: number; named?: true }
  | { kind: 'dayRange'; year?: number; month: number; from: number; to: number }
  | { kind: 'ymdRange'; from: WrittenDay; to: WrittenDay; workingDaysOnly?: boolean }
  | { kind: 'dayList'; year?: number; month: number; days: number[] }
  | { kind: 'dayOfMonth'; day: number; weekday?: number }
  | { kind: 'daysOfMonth'; days: number[] }
  | { kind: 'restOfWeek' }
  | { kind: 'nthWeekday'; nth: number; weekday: number; month?: number; monthOffset?: number; wholeWeek?: boolean }
  | { kind: 'isoWeek'; week: number; year?: number }
  | { kind: 'weekdayInWeeks'; weekday: number; weeks: number }
  | { kind: 'weekdayList'; weekdays: number[]; mode: 'inNextWeek' | 'inThisWeek' }
  | { kind: 'ambiguous'; readings: [WrittenDay, WrittenDay] }
  | { kind: 'impossible' }
  | { kind: 'relative'; offset: number }
  | {
      kind: 'weekday';
      weekday: number;
      mode: 'bare' | 'this' | 'coming' | 'next' | 'last' | 'inNextWeek' | 'inThisWeek';
    }
  | { kind: 'week'; offset: number }
  | { kind: 'month'; month?: number; offset?: number; year?: number };

/** The text with each atom replaced by `§index§`, and the atoms in order of index. */
export interface DateScan {
  skeleton: string;
  atoms: DateAtom[];
}

const MONTH_ALIASES: Record<string, number> = { sept: 9 };
MONTH_NAMES.forEach((name, index) => {
  MONTH_ALIASES[name] = index + 1;
  MONTH_ALIASES[name.slice(0, 3)] = index + 1;
});

const WEEKDAY_ALIASES: Record<string, number> = { tues: 2, thur: 4, thurs: 4 };
WEEKDAY_NAMES.forEach((name, index) => {
  WEEKDAY_ALIASES[name] = index;
  WEEKDAY_ALIASES[name.slice(0, 3)] = index;
});

const byLength = (a: string, b: string) => b.length - a.length;
const MONTH = `(${Object.keys(MONTH_ALIASES).sort(byLength).join('|')})\\.?`;
const WEEKDAY = `(${Object.keys(WEEKDAY_ALIASES).sort(byLength).join('|')})s?`;
const ORD = '(?:st|nd|rd|th)?';
const DAY = `(\\d{1,2})${ORD}`;
const YEAR = '(?:,?\\s+(\\d{4}))?';
const TO = '\\s*(?:-|to|until|till|through|thru)\\s*';

function monthOf(word: string): number {
  return MONTH_ALIASES[word.replace('.', '')] ?? 0;
}

function optionalYear(text: string | undefined): { year?: number } {
  if (text === undefined) return {};
  const year = Number(text);
  return { year: year < 100 ? 2000 + year : year };
}

/** One pattern of the scan: its regular expression and how a match becomes an atom (undefined: not a date). */
interface AtomPattern {
  source: string;
  atom: (m: RegExpExecArray) => DateAtom | undefined;
}

/**
 * The patterns, most specific first: a span matched by an earlier pattern is not read again, so "4-6 May" is one
 * range and not "4" plus "6 May", and "Monday next week" is one weekday and not a weekday plus a week.
 */
/** Days people call by name (fixed dates only; Easter and the like are the holiday calendar's). */
const NAMED_DAYS: Record<string, [number, number]> = {
  "new\\s+year(?:'?s)?\\s+day": [1, 1],
  "new\\s+year(?:'?s)?\\s+eve": [12, 31],
  'christmas\\s+eve': [12, 24],
  'christmas\\s+day': [12, 25],
  'boxing\\s+day': [12, 26],
  // Said alone after a word that makes it a time, the holiday is its day: "the week after Christmas", "over New Year";
  // not "called New Year bridge" or "the Christmas party".
  '(?<=\\b(?:before|after|over|around|until|till|from|to|at|for|on|of)\\s+)christmas(?!\\s+(?:eve|day|party))': [
    12, 25,
  ],
  "(?<=\\b(?:before|after|over|around|until|till|from|to|at|for|on|of)\\s+)new\\s+year(?:'?s)?(?!\\s+(?:eve|day))": [
    1, 1,
  ],
  'christmas(?=\\s+week\\b)': [12, 25],
};

const ORDINAL_WORDS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  last: -1,
  '1st': 1,
  '2nd': 2,
  '3rd': 3,
  '4th': 4,
  '5th': 5,
};
const ORDINAL = '(first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th)';

/**
 * The refiners: forms chrono-node (which reads the calendar dates, dateParsing/chronoDates.ts) misses or reads
 * otherwise. They run before it, so that "14 and 15 January" is two days and not "15 January" alone.
 */
const REFINERS: AtomPattern[] = [
  {
    // The working days between Christmas and New Year.
    source:
      "\\b(?:the\\s+days?\\s+)?between\\s+(?:christmas|x-?mas)(?:\\s+day)?\\s+and\\s+new\\s+year(?:'?s)?(?:\\s+day)?\\b",
    atom: () => ({ kind: 'ymdRange', from: { month: 12, day: 26 }, to: { month: 12, day: 31 }, workingDaysOnly: true }),
  },
  ...Object.entries(NAMED_DAYS).map(([name, [month, day]]) => ({
    source: `\\b${name}\\b`,
    atom: (): DateAtom => ({ kind: 'ymd', month, day, named: true }),
  })),
  {
    // "from the 19th to the 23rd of July": chrono reads only the second day as a date.
    source: `\\b(?:the\\s+)?${DAY}${TO}(?:the\\s+)?${DAY}\\s+(?:of\\s+)?${MONTH}${YEAR}\\b`,
    atom: (m) => ({
      kind: 'dayRange',
      month: monthOf(m[3]!),
      from: Number(m[1]),
      to: Number(m[2]),
      ...optionalYear(m[4]),
    }),
  },
  {
    // "between 4 and 8 January": "between" stays in the skeleton, the days and month make one range.
    source: `(?<=\\bbetween\\s+)(?:the\\s+)?${DAY}\\s+and\\s+(?:the\\s+)?${DAY}\\s+(?:of\\s+)?${MONTH}${YEAR}\\b`,
    atom: (m) => ({
      kind: 'dayRange',
      month: monthOf(m[3]!),
      from: Number(m[1]),
      to: Number(m[2]),
      ...optionalYear(m[4]),
    }),
  },
  {
    // Listed days: "14 and 15 January", "the 9th and 10th of May", "4, 5 and 8 June", "2/3 March".
    source: `\\b(?:the\\s+)?((?:\\d{1,2}${ORD}\\s*,\\s*(?:the\\s+)?)*\\d{1,2}${ORD})(?:\\s+(?:and|&)\\s+|\\s*\\/\\s*)(?:the\\s+)?${DAY}\\s+(?:of\\s+)?${MONTH}${YEAR}\\b`,
    atom: (m) => ({
      kind: 'dayList',
      month: monthOf(m[3]!),
      days: [...m[1]!.matchAll(/\d{1,2}/g)].map((d) => Number(d[0])).concat(Number(m[2])),
      ...optionalYear(m[4]),
    }),
  },
  {
    // "May 10th and 11th"
    source: `\\b${MONTH}\\s+(?:the\\s+)?${DAY}\\s+(?:and|&)\\s+(?:the\\s+)?${DAY}\\b${YEAR}`,
    atom: (m) => ({
      kind: 'dayList',
      month: monthOf(m[1]!),
      days: [Number(m[2]), Number(m[3])],
      ...optionalYear(m[4]),
    }),
  },
  {
    // "the first Monday of January", "the last Friday of the month", "the second Tuesday of next month"
    source: `\\b(?:the\\s+)?${ORDINAL}\\s+${WEEKDAY}\\s+(?:of|in)\\s+(?:(the|this|next)\\s+month|${MONTH})\\b`,
    atom: (m) => {
      const base = { kind: 'nthWeekday' as const, nth: ORDINAL_WORDS[m[1]!]!, weekday: WEEKDAY_ALIASES[m[2]!]! };
      if (m[4] !== undefined) return { ...base, month: monthOf(m[4]) };
      return { ...base, monthOffset: m[3] === 'next' ? 1 : 0 };
    },
  },
  {
    // "the first week of January", "the last week of March": the week starting on that month's first (last) Monday.
    source: `\\b(?:the\\s+)?${ORDINAL}\\s+(?:full\\s+)?week\\s+(?:of|in)\\s+(?:(the|this|next)\\s+month|${MONTH}(?:\\s+(\\d{4}))?)\\b`,
    atom: (m) => {
      const base = { kind: 'nthWeekday' as const, nth: ORDINAL_WORDS[m[1]!]!, weekday: 1, wholeWeek: true };
      if (m[3] !== undefined) return { ...base, month: monthOf(m[3]) };
      return { ...base, monthOffset: m[2] === 'next' ? 1 : 0 };
    },
  },
  {
    // "week 51", "calendar week 2 of 2027", "KW 3": an ISO week's working days.
    source:
      '\\b(?:(?:calendar|iso)\\s+)?(?:week|wk|kw|cw)\\s*#?\\s*(\\d{1,2})(?:\\s+(?:of\\s+)?(\\d{4}))?\\b(?!\\s*(?:days?|weeks?|hours?|%))',
    atom: (m) => {
      const week = Number(m[1]);
      return week >= 1 && week <= 53 ? { kind: 'isoWeek', week, ...optionalYear(m[2]) } : undefined;
    },
  },
  {
    // "21-23/12", "3-5.6.2027": days of one numeric month, day first (the range says so); chrono reads only the end.
    // Not the month of a day before it: "14.12 - 18.12" is no range "12-18" of December.
    source: '(?<![\\d./])\\b(\\d{1,2})\\s*[-–]\\s*(\\d{1,2})[./](\\d{1,2})(?:[./](\\d{4}|\\d{2}))?\\b(?![./]\\d)',
    atom: (m) => {
      const month = Number(m[3]);
      if (month < 1 || month > 12) return undefined;
      return { kind: 'dayRange', month, from: Number(m[1]), to: Number(m[2]), ...optionalYear(m[4]) };
    },
  },
  {
    // "2026/12/24": year first with slashes, which chrono does not read.
    source: '\\b(\\d{4})/(\\d{1,2})/(\\d{1,2})\\b',
    atom: (m) => ({ kind: 'ymd', year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }),
  },
  {
    // "December 7th through 11th", "Dec 7 to 11": chrono reads the first day alone.
    source: `\\b${MONTH}\\s+(?:the\\s+)?${DAY}${TO}(?:the\\s+)?${DAY}\\b(?!\\s*(?:[/.:]|${MONTH}|am\\b|pm\\b|h\\b))${YEAR}`,
    atom: (m) => ({
      kind: 'dayRange',
      month: monthOf(m[1]!),
      from: Number(m[2]),
      to: Number(m[3]),
      ...optionalYear(m[4]),
    }),
  },
  {
    // "Tuesday to Thursday next week": the week named at the end holds both ends.
    source: `\\b${WEEKDAY}${TO}${WEEKDAY}\\s+(?:of\\s+)?(next|this)\\s+week\\b`,
    atom: (m) => {
      const from = WEEKDAY_ALIASES[m[1]!]!;
      const to = WEEKDAY_ALIASES[m[2]!]!;
      const mode = m[3] === 'next' ? 'inNextWeek' : 'inThisWeek';
      if (to < from || from === 0 || to === 0) return undefined;
      return { kind: 'weekdayList', weekdays: Array.from({ length: to - from + 1 }, (_, i) => from + i), mode };
    },
  },
  {
    // "Thursday and Friday next week": the week named at the end holds every day of the list.
    source: `\\b((?:${WEEKDAY}\\s*(?:,|and|&)\\s*)+${WEEKDAY})\\s+(?:of\\s+)?(next|this)\\s+week\\b`,
    atom: (m) => ({
      kind: 'weekdayList',
      weekdays: [...m[1]!.matchAll(new RegExp(`\\b${WEEKDAY}\\b`, 'g'))].map((w) => WEEKDAY_ALIASES[w[1]!]!),
      mode: m[m.length - 1] === 'next' ? 'inNextWeek' : 'inThisWeek',
    }),
  },
  {
    // "in two weeks on Monday", "Monday in two weeks"
    source: `\\bin\\s+(${QUANTITY})\\s+weeks?(?:'?\\s+time)?,?\\s+on\\s+${WEEKDAY}\\b`,
    atom: (m) => weekdayInWeeks(m[2]!, m[1]!),
  },
  {
    source: `\\b${WEEKDAY}\\s+in\\s+(${QUANTITY})\\s+weeks?(?:'?\\s+time)?\\b`,
    atom: (m) => weekdayInWeeks(m[1]!, m[2]!),
  },
  {
    // "in three days", "3 days from now"
    source: `\\b(?:in\\s+(${QUANTITY})\\s+days?(?:'?\\s+time)?|(${QUANTITY})\\s+days?\\s+from\\s+(?:now|today))\\b`,
    atom: (m) => {
      // "put in a day of leave" is an amount, not tomorrow.
      if (m[1] === 'a' || m[1] === 'an') return undefined;
      const count = quantityValue(m[1] ?? m[2]!);
      return count !== undefined && Number.isInteger(count) && count <= 366
        ? { kind: 'relative', offset: count }
        : undefined;
    },
  },
];

const IMPOSSIBLE: AtomPattern[] = [
  `\\b(?:the\\s+)?${DAY}\\s+(?:of\\s+)?${MONTH}${YEAR}\\b`,
  `\\b${MONTH}\\s+(?:the\\s+)?${DAY}\\b${YEAR}`,
  '\\b(\\d{1,2})[/.](\\d{1,2})(?:[/.](\\d{4}|\\d{2}))?\\b(?!\\.\\d)(?!\\s*(?:days?|weeks?|hours?)\\b)',
].map((source) => ({ source, atom: () => ({ kind: 'impossible' }) }));

function weekdayInWeeks(weekday: string, weeks: string): DateAtom | undefined {
  const count = quantityValue(weeks);
  if (count === undefined || !Number.isInteger(count) || count > 52) return undefined;
  return { kind: 'weekdayInWeeks', weekday: WEEKDAY_ALIASES[weekday]!, weeks: count };
}

/** What is not a calendar date: relative days, weekdays, weeks, months, a bare day of the month. */
const PATTERNS: AtomPattern[] = [
  {
    // "the rest of this week": tomorrow to Friday.
    source: '\\b(?:the\\s+)?rest\\s+of\\s+(?:this|the)\\s+week\\b',
    atom: () => ({ kind: 'restOfWeek' }),
  },
  {
    // "the 9th and 10th": listed days of the month in context or to come.
    source: `\\bthe\\s+(\\d{1,2})(?:st|nd|rd|th)((?:\\s*,\\s*(?:the\\s+)?\\d{1,2}(?:st|nd|rd|th))*)\\s+(?:and|&)\\s+(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)\\b`,
    atom: (m) => ({
      kind: 'daysOfMonth',
      days: [Number(m[1]), ...[...m[2]!.matchAll(/\d{1,2}/g)].map((d) => Number(d[0])), Number(m[3])],
    }),
  },
  {
    // "Monday the 14th": the day of the month that falls on that weekday.
    source: `\\b${WEEKDAY},?\\s+(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)\\b(?!\\s+(?:of\\s+)?${MONTH})`,
    atom: (m) => ({ kind: 'dayOfMonth', day: Number(m[2]), weekday: WEEKDAY_ALIASES[m[1]!]! }),
  },
  { source: '\\b(?:the\\s+)?day\\s+after\\s+tomorrow\\b', atom: () => ({ kind: 'relative', offset: 2 }) },
  { source: '\\btoday\\b', atom: () => ({ kind: 'relative', offset: 0 }) },
  { source: '\\btomorrow\\b', atom: () => ({ kind: 'relative', offset: 1 }) },
  { source: '\\b(?:yesterday|last night)\\b', atom: () => ({ kind: 'relative', offset: -1 }) },
  {
    source: `${NOT_A_FEAST_DAY}\\b(?:(next|this coming|this|coming|last|on)\\s+)?${WEEKDAY}(?:\\s+(?:of\\s+)?(next|this)\\s+week)?\\b`,
    atom: (m) => {
      const weekday = WEEKDAY_ALIASES[m[2]!]!;
      if (m[3]) return { kind: 'weekday', weekday, mode: m[3] === 'next' ? 'inNextWeek' : 'inThisWeek' };
      const prefix = m[1] ?? 'on';
      if (prefix === 'next' || prefix === 'last') return { kind: 'weekday', weekday, mode: prefix };
      // "This coming Monday" said on a Monday is the one to come, not today (as "this Monday" may be).
      if (prefix === 'this coming' || prefix === 'coming') return { kind: 'weekday', weekday, mode: 'coming' };
      return { kind: 'weekday', weekday, mode: prefix === 'on' ? 'bare' : 'this' };
    },
  },
  { source: '\\b(?:the\\s+)?week\\s+after\\s+next\\b', atom: () => ({ kind: 'week', offset: 2 }) },
  {
    source: '\\b(next|this|the coming|coming|the following|following|last|the previous|previous)\\s+week\\b',
    atom: (m) => ({ kind: 'week', offset: m[1] === 'this' ? 0 : /last|previous/.test(m[1]!) ? -1 : 1 }),
  },
  { source: `\\bthe\\s+(\\d{1,2})(?:st|nd|rd|th)\\b`, atom: (m) => ({ kind: 'dayOfMonth', day: Number(m[1]) }) },
  ...RANGE_END_ORDINALS.map((source) => ({
    source,
    atom: (m: RegExpExecArray): DateAtom => ({ kind: 'dayOfMonth', day: Number(m[1]) }),
  })),
  {
    source: '\\b(next|this|last|previous)\\s+month\\b',
    atom: (m) => ({ kind: 'month', offset: m[1] === 'next' ? 1 : m[1] === 'this' ? 0 : -1 }),
  },
  {
    // A month alone is a date only after a word that makes it one: "in May", not "may I".
    source: `\\b(?:in|during|for|of|whole|all|over|through)\\s+(?:the\\s+month\\s+of\\s+)?${MONTH}(?:\\s+(\\d{4}))?\\b`,
    atom: (m) => ({ kind: 'month', month: monthOf(m[1]!), ...optionalYear(m[2]) }),
  },
];

/** Finds the date atoms of `text` (already normalised) and the skeleton left around them. */
export function scanDates(text: string): DateScan {
  const found: { start: number; end: number; atom: DateAtom }[] = [];
  // Which characters an atom already holds: a look-up per character of a match, not a scan of every atom found (that
  // was quadratic: ~200 ms for the 1 333 dates of an 8 000-character message of "12/05 ").
  const held = new Uint8Array(text.length + 1);
  const taken = (start: number, end: number) => {
    for (let i = start; i < end; i += 1) if (held[i]) return true;
    return false;
  };
  const add = (start: number, end: number, atom: DateAtom) => {
    found.push({ start, end, atom });
    held.fill(1, start, end);
  };
  const run = (patterns: AtomPattern[]) => {
    for (const pattern of patterns) {
      const regex = new RegExp(pattern.source, 'g');
      for (let m = regex.exec(text); m !== null; m = regex.exec(text)) {
        // "on Monday" keeps its "on" outside the atom, so the skeleton still reads "off on §0§".
        const lead = /^on\s+/.exec(m[0])?.[0].length ?? 0;
        const start = m.index + lead;
        const end = m.index + m[0].length;
        if (taken(start, end)) continue;
        const atom = pattern.atom(m);
        if (atom) add(start, end, atom);
      }
    }
  };
  run(REFINERS);
  for (const date of chronoDates(text)) {
    if (taken(date.index, date.end)) continue;
    const atom: DateAtom = date.ambiguous
      ? { kind: 'ambiguous', readings: date.ambiguous }
      : date.to !== undefined
        ? { kind: 'ymdRange', from: date.start, to: date.to }
        : { kind: 'ymd', ...date.start };
    add(date.index, date.end, atom);
  }
  // What still reads as a day and a month after chrono is a day that does not exist ("31 April"): said, not dropped.
  run(IMPOSSIBLE);
  run(PATTERNS);
  found.sort((a, b) => a.start - b.start);
  let skeleton = '';
  let cursor = 0;
  found.forEach((f, index) => {
    skeleton += `${text.slice(cursor, f.start)}§${index}§`;
    cursor = f.end;
  });
  skeleton += text.slice(cursor);
  return { skeleton, atoms: found.map((f) => f.atom) };
}

/**
 * Date atoms: the smallest date expressions of a request ("4 May", "next Monday", "the 12th", "4-6 May", "next week"),
 * found in the normalised text and replaced there by placeholders `§0§`, `§1§`… The remaining skeleton ("book leave
 * from §0§ to §1§") is what `dates.ts` reads for structure (ranges, durations, lists). Atoms stay unresolved until
 * then, because "Wednesday" in "Monday to Wednesday" depends on the Monday before it.
 */

import { MONTH_NAMES, WEEKDAY_NAMES } from './calendar';

/** A date expression before resolution. `year` is absent when the user gave none. */
export type DateAtom =
  | { kind: 'ymd'; year?: number; month: number; day: number }
  | { kind: 'dayRange'; year?: number; month: number; from: number; to: number }
  | { kind: 'dayOfMonth'; day: number }
  | { kind: 'relative'; offset: number }
  | { kind: 'weekday'; weekday: number; mode: 'bare' | 'this' | 'next' | 'last' | 'inNextWeek' | 'inThisWeek' }
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
const PATTERNS: AtomPattern[] = [
  {
    source: '\\b(\\d{4})-(\\d{2})-(\\d{2})\\b',
    atom: (m) => ({ kind: 'ymd', year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }),
  },
  {
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
    source: `\\b${MONTH}\\s+(?:the\\s+)?${DAY}${TO}(?:the\\s+)?${DAY}\\b${YEAR}`,
    atom: (m) => ({
      kind: 'dayRange',
      month: monthOf(m[1]!),
      from: Number(m[2]),
      to: Number(m[3]),
      ...optionalYear(m[4]),
    }),
  },
  {
    // A weekday before a date only describes it ("Friday 4 December"): the date decides.
    source: `\\b${WEEKDAY},?\\s+(?:the\\s+)?${DAY}\\s+(?:of\\s+)?${MONTH}${YEAR}\\b`,
    atom: (m) => ({ kind: 'ymd', day: Number(m[2]), month: monthOf(m[3]!), ...optionalYear(m[4]) }),
  },
  {
    // Day first (4/5 is 4 May), the European way; only when that reading is impossible (5/13) is it month first.
    source: '\\b(\\d{1,2})[/.](\\d{1,2})(?:[/.](\\d{4}|\\d{2}))?\\b(?!\\.\\d)(?!\\s*(?:days?|weeks?|hours?)\\b)',
    atom: (m) => {
      const [a, b] = [Number(m[1]), Number(m[2])];
      const [day, month] = b > 12 && a <= 12 ? [b, a] : [a, b];
      return { kind: 'ymd', day, month, ...optionalYear(m[3]) };
    },
  },
  {
    source: `\\b(?:the\\s+)?${DAY}\\s+(?:of\\s+)?${MONTH}${YEAR}\\b`,
    atom: (m) => ({ kind: 'ymd', day: Number(m[1]), month: monthOf(m[2]!), ...optionalYear(m[3]) }),
  },
  {
    source: `\\b${MONTH}\\s+(?:the\\s+)?${DAY}\\b${YEAR}`,
    atom: (m) => ({ kind: 'ymd', month: monthOf(m[1]!), day: Number(m[2]), ...optionalYear(m[3]) }),
  },
  { source: '\\b(?:the\\s+)?day\\s+after\\s+tomorrow\\b', atom: () => ({ kind: 'relative', offset: 2 }) },
  { source: '\\btoday\\b', atom: () => ({ kind: 'relative', offset: 0 }) },
  { source: '\\btomorrow\\b', atom: () => ({ kind: 'relative', offset: 1 }) },
  { source: '\\b(?:yesterday|last night)\\b', atom: () => ({ kind: 'relative', offset: -1 }) },
  {
    source: `\\b(?:(next|this coming|this|coming|last|on)\\s+)?${WEEKDAY}(?:\\s+(?:of\\s+)?(next|this)\\s+week)?\\b`,
    atom: (m) => {
      const weekday = WEEKDAY_ALIASES[m[2]!]!;
      if (m[3]) return { kind: 'weekday', weekday, mode: m[3] === 'next' ? 'inNextWeek' : 'inThisWeek' };
      const prefix = m[1] ?? 'on';
      if (prefix === 'next' || prefix === 'last') return { kind: 'weekday', weekday, mode: prefix };
      return { kind: 'weekday', weekday, mode: prefix === 'on' ? 'bare' : 'this' };
    },
  },
  {
    source: '\\b(next|this|the coming|coming|the following|following|last|the previous|previous)\\s+week\\b',
    atom: (m) => ({ kind: 'week', offset: m[1] === 'this' ? 0 : /last|previous/.test(m[1]!) ? -1 : 1 }),
  },
  { source: `\\bthe\\s+(\\d{1,2})(?:st|nd|rd|th)\\b`, atom: (m) => ({ kind: 'dayOfMonth', day: Number(m[1]) }) },
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
  const taken = (start: number, end: number) => found.some((f) => start < f.end && end > f.start);
  for (const pattern of PATTERNS) {
    const regex = new RegExp(pattern.source, 'g');
    for (let m = regex.exec(text); m !== null; m = regex.exec(text)) {
      // "on Monday" keeps its "on" outside the atom, so the skeleton still reads "off on §0§".
      const lead = /^on\s+/.exec(m[0])?.[0].length ?? 0;
      const start = m.index + lead;
      const end = m.index + m[0].length;
      if (taken(start, end)) continue;
      const atom = pattern.atom(m);
      if (atom) found.push({ start, end, atom });
    }
  }
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

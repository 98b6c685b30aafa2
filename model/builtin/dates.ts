/**
 * Date expressions → leave days, relative to a given "today". The rules (docs/model.md has them for users):
 * - a date without a year is the next one to come: before today means next year ("4 May" in November is next May),
 *   a booking's day that went by lately, or its range under way, is asked about instead (lateDates.ts, intents.ts);
 *   the end of a range without a year follows its start ("28 Dec to 3 Jan" crosses into the next year);
 * - calendar dates are read by chrono-node (dateParsing/chronoDates.ts); numeric ones are day or month first as the
 *   text says ("US format", 05/13, 13/05, a range read the way that stays within a month); with no hint a date with its
 *   year is day first (04/05/2027 is 4 May) and one without (04/05) is ambiguous: the planner asks which;
 * - a weekday written with a date must fall on it ("Monday 4 December" when the 4th is a Friday asks again);
 * - a bare weekday is the next one after today; "this Friday" the coming one (today included); "next Friday" the
 *   Friday of next week; "last Friday" the latest one before today; in a range the end weekday follows the start;
 * - in past tense ("I was sick on Monday") bare weekdays and yearless dates fall on or before today instead;
 * - "N days from X" counts calendar days (as the API's `days` does); "N working days from X" skips weekends;
 * - "next week" and "in December" name no days: the planner asks which.
 */

import {
  type IsoDate,
  addDays,
  endAfterWorkingDays,
  FIRST_YEAR,
  LAST_YEAR,
  lastDayOfMonth,
  MAX_SPAN_DAYS,
  makeDate,
  mondayOf,
  partsOf,
  weekdayOf,
  workingWeek,
} from './calendar';
import { anchoredDays } from './anchoredDays';
import { exceptedDays } from './exceptedDays';
import { type DateAtom, scanDates } from './dateAtoms';
import { returnFollows } from './returnAfterDays';
import { QUANTITY, quantityValue } from './quantities';

/** What dates resolve against. `week` and `month` narrow bare days to the week or month a question was about. */
export interface DateContext {
  today: IsoDate;
  past?: boolean;
  /** A day without a year is its nearest occurrence, gone or to come (reads: "my leave between 1 March and 30 April"). */
  nearest?: boolean;
  week?: IsoDate;
  month?: { year: number; month: number };
}

/** Consecutive days off, both ends included. */
export interface DayRange {
  start: IsoDate;
  end: IsoDate;
}

/** What the dates of a request say. */
export type DateFinding =
  | { kind: 'none' }
  | { kind: 'days'; ranges: DayRange[] }
  | { kind: 'span'; start: IsoDate; days: number }
  | { kind: 'from'; start: IsoDate }
  | { kind: 'duration'; days: number; working: boolean }
  | { kind: 'week'; monday: IsoDate }
  | { kind: 'month'; year: number; month: number }
  /**
   * Dates that are not in the calendar, or (`readings`) a numeric date the text leaves ambiguous, or (`spans`) a
   * yearless range that went by lately or is under way since `started` (lateDates.ts), against next year's: ask.
   */
  | {
      kind: 'invalid';
      readings?: [IsoDate, IsoDate];
      spans?: [DayRange, DayRange];
      started?: IsoDate | undefined;
      /** `spans` are this week's range under way and next week's (weekUnderWay.ts). */
      weeks?: true;
      notOn?: { date: IsoDate; weekday: number };
      /** Days written with their year, some gone by (goneDates.ts). */
      gone?: DayRange[];
      /** "The week of 4 July", a Sunday: `spans` are the week it ends (ISO) and the week it starts (US). */
      sunday?: IsoDate;
    };

type Resolved =
  | { kind: 'range'; start: IsoDate; end: IsoDate }
  | { kind: 'list'; ranges: DayRange[] }
  | { kind: 'week'; monday: IsoDate }
  | { kind: 'month'; year: number; month: number }
  | { kind: 'invalid' };

const INVALID: Resolved = { kind: 'invalid' };

function single(date: IsoDate | undefined): Resolved {
  return date === undefined ? INVALID : { kind: 'range', start: date, end: date };
}

/** The yearless day `month`/`day` nearest to come (or, in past tense, latest gone), or after `anchor`. */
function inferYear(month: number, day: number, ctx: DateContext, anchor?: IsoDate): IsoDate | undefined {
  const base = anchor ?? ctx.today;
  const year = partsOf(base).year;
  if (ctx.nearest && anchor === undefined) {
    const candidates = [year - 1, year, year + 1]
      .map((y) => makeDate(y, month, day))
      .filter((d): d is IsoDate => d !== undefined);
    const distance = (d: IsoDate) => Math.abs(Date.parse(d) - Date.parse(base));
    return candidates.sort((a, b) => distance(a) - distance(b))[0];
  }
  const back = ctx.past && anchor === undefined;
  // The nearest year in which the day exists on the right side of `base`: 29 February may be up to 4 years away.
  for (let offset = 0; offset <= 8; offset += 1) {
    const date = makeDate(back ? year - offset : year + offset, month, day);
    if (date !== undefined && (back ? date <= base : date >= base)) return date;
  }
  return undefined;
}

/** The day `day` of the month in context, of the anchor's month, or the nearest to come (gone, in past tense). */
function inferMonth(day: number, ctx: DateContext, anchor?: IsoDate): IsoDate | undefined {
  if (ctx.month && anchor === undefined) return makeDate(ctx.month.year, ctx.month.month, day);
  const base = anchor ?? ctx.today;
  const { year, month } = partsOf(base);
  const step = ctx.past && anchor === undefined ? -1 : 1;
  for (let i = 0; i < 3; i += 1) {
    const m = month + step * i;
    const date = makeDate(year + Math.floor((m - 1) / 12), ((m - 1 + 120) % 12) + 1, day);
    if (date !== undefined && (step === 1 ? date >= base : date <= base)) return date;
  }
  return undefined;
}

/** "Monday the 14th": the next 14th, if it is a Monday. */
function onWeekday(day: number, weekday: number, ctx: DateContext): IsoDate | undefined {
  // Only the next 14th: "Thursday the 4th" when the next 4th is a Friday is more likely a slip (Thursday the 3rd, or
  // Friday the 4th) than a 4th that is a Thursday months away; ask.
  const date = inferMonth(day, { today: ctx.today });
  return date !== undefined && weekdayOf(date) === weekday ? date : undefined;
}

/** "The first Monday of January" (the next January to come), "the last Friday of the month" (this one). */
function nthWeekday(atom: Extract<DateAtom, { kind: 'nthWeekday' }>, ctx: DateContext): IsoDate | undefined {
  const today = partsOf(ctx.today);
  const pick = (year: number, month: number): IsoDate | undefined => {
    if (atom.nth < 0) {
      const last = lastDayOfMonth(year, month);
      return addDays(last, -((weekdayOf(last) - atom.weekday + 7) % 7));
    }
    const first = makeDate(year, month, 1);
    if (first === undefined) return undefined;
    const date = addDays(first, ((atom.weekday - weekdayOf(first) + 7) % 7) + 7 * (atom.nth - 1));
    return partsOf(date).month === month ? date : undefined;
  };
  if (atom.month === undefined) {
    if (ctx.month && atom.monthOffset === 0) return pick(ctx.month.year, ctx.month.month);
    const m = today.month + (atom.monthOffset ?? 0);
    return pick(today.year + Math.floor((m - 1) / 12), ((m - 1) % 12) + 1);
  }
  // Year rollover: a day already gone this year means next year's.
  const thisYear = pick(today.year, atom.month);
  return thisYear !== undefined && (thisYear >= ctx.today || ctx.past) ? thisYear : pick(today.year + 1, atom.month);
}

function resolveWeekday(atom: Extract<DateAtom, { kind: 'weekday' }>, ctx: DateContext, anchor?: IsoDate): IsoDate {
  const thisMonday = mondayOf(ctx.today);
  const inWeek = (monday: IsoDate) => addDays(monday, (atom.weekday + 6) % 7);
  const after = (from: IsoDate, inclusive: boolean) => {
    const ahead = (atom.weekday - weekdayOf(from) + 7) % 7;
    return addDays(from, ahead === 0 && !inclusive ? 7 : ahead);
  };
  const before = (from: IsoDate) => addDays(from, -((weekdayOf(from) - atom.weekday + 7) % 7 || 7));
  switch (atom.mode) {
    case 'next':
    case 'inNextWeek':
      return inWeek(addDays(thisMonday, 7));
    case 'inThisWeek':
      return inWeek(thisMonday);
    case 'last':
      return before(ctx.today);
    case 'this':
      return ctx.past ? before(addDays(ctx.today, 1)) : after(ctx.today, true);
    case 'coming':
      return ctx.past ? before(addDays(ctx.today, 1)) : after(ctx.today, false);
    case 'bare':
      if (anchor !== undefined) return after(anchor, true);
      if (ctx.week !== undefined) return inWeek(ctx.week);
      return ctx.past ? before(ctx.today) : after(ctx.today, false);
  }
}

/** One atom as days (or a week, a month), the end of a range resolving after its `anchor` start. */
function resolveAtom(atom: DateAtom, ctx: DateContext, anchor?: IsoDate): Resolved {
  switch (atom.kind) {
    case 'ymd':
      return single(
        sayingWeekday(
          atom.year !== undefined
            ? makeDate(atom.year, atom.month, atom.day)
            : inferYear(atom.month, atom.day, ctx, anchor),
          atom.weekday,
        ),
      );
    case 'dayRange': {
      const start =
        atom.year !== undefined
          ? makeDate(atom.year, atom.month, atom.from)
          : inferYear(atom.month, atom.from, ctx, anchor);
      if (start === undefined) return INVALID;
      // "From 11 to 7 December": days of one month written backwards are a slip to ask about, not a year's leave.
      if (atom.to < atom.from) return INVALID;
      const end = inferYear(atom.month, atom.to, ctx, start);
      return end === undefined ? INVALID : { kind: 'range', start, end };
    }
    case 'ymdRange': {
      // A first day without a year takes the year of the end when one is given ("20 Dec to 3 Jan 2027").
      const to = atom.to;
      const from = atom.from;
      let start: IsoDate | undefined;
      if (from.year !== undefined) start = makeDate(from.year, from.month, from.day);
      else if (to.year !== undefined) {
        const sameYear = makeDate(to.year, from.month, from.day);
        const end = makeDate(to.year, to.month, to.day);
        start =
          sameYear !== undefined && end !== undefined && sameYear > end
            ? makeDate(to.year - 1, from.month, from.day)
            : sameYear;
      } else start = inferYear(from.month, from.day, ctx, anchor);
      if (start === undefined) return INVALID;
      const end = to.year !== undefined ? makeDate(to.year, to.month, to.day) : inferYear(to.month, to.day, ctx, start);
      if (end === undefined) return INVALID;
      // "From 11 to 7 December" is backwards, not a year long: with no year said, a slip to ask about.
      if (to.year === undefined && addDays(start, 300) < end) return INVALID;
      // "Tuesday 3rd to Thursday 5th March" when the 3rd is no Tuesday: which was meant, the weekday or the date?
      if (sayingWeekday(start, from.weekday) === undefined || sayingWeekday(end, to.weekday) === undefined) {
        return INVALID;
      }
      if (!atom.workingDaysOnly) return { kind: 'range', start, end };
      let [first, last] = [start, end];
      while (first < last && isWeekendDay(first)) first = addDays(first, 1);
      while (last > first && isWeekendDay(last)) last = addDays(last, -1);
      return { kind: 'range', start: first, end: last };
    }
    case 'dayList': {
      const ranges: DayRange[] = [];
      let previous = anchor;
      for (const day of atom.days) {
        const date =
          atom.year !== undefined ? makeDate(atom.year, atom.month, day) : inferYear(atom.month, day, ctx, previous);
        if (date === undefined) return INVALID;
        ranges.push({ start: date, end: date });
        previous = date;
      }
      return { kind: 'list', ranges };
    }
    case 'restOfWeek': {
      const friday = addDays(mondayOf(ctx.today), 4);
      const tomorrow = addDays(ctx.today, 1);
      return tomorrow <= friday ? { kind: 'range', start: tomorrow, end: friday } : INVALID;
    }
    case 'daysOfMonth': {
      const ranges: DayRange[] = [];
      let previous = anchor;
      for (const day of atom.days) {
        const date = inferMonth(day, ctx, previous);
        if (date === undefined) return INVALID;
        ranges.push({ start: date, end: date });
        previous = date;
      }
      return { kind: 'list', ranges };
    }
    case 'dayOfMonth':
      return single(
        atom.weekday === undefined ? inferMonth(atom.day, ctx, anchor) : onWeekday(atom.day, atom.weekday, ctx),
      );
    case 'nthWeekday': {
      const day = nthWeekday(atom, ctx);
      if (atom.wholeWeek) return day ? { kind: 'range', ...workingWeek(day, ctx.today) } : INVALID;
      return single(day);
    }
    case 'isoWeek':
      return isoWeekRange(atom.week, atom.year, ctx);
    case 'weekdayList':
      return {
        kind: 'list',
        ranges: atom.weekdays.map((weekday) => {
          const day = resolveWeekday({ kind: 'weekday', weekday, mode: atom.mode }, ctx);
          return { start: day, end: day };
        }),
      };
    case 'weekdayInWeeks':
      return single(addDays(mondayOf(ctx.today), 7 * atom.weeks + ((atom.weekday + 6) % 7)));
    case 'ambiguous':
    case 'impossible':
      return INVALID;
    case 'relative':
      return single(addDays(ctx.today, atom.offset));
    case 'weekday':
      return single(resolveWeekday(atom, ctx, anchor));
    case 'week':
      return { kind: 'week', monday: addDays(mondayOf(ctx.today), 7 * atom.offset) };
    case 'month': {
      const today = partsOf(ctx.today);
      if (atom.month === undefined) {
        const m = today.month + (atom.offset ?? 0);
        return { kind: 'month', year: today.year + Math.floor((m - 1) / 12), month: ((((m - 1) % 12) + 12) % 12) + 1 };
      }
      const ahead = atom.month < today.month ? today.year + 1 : today.year;
      // A read's month is the nearest one, gone or to come ("my leave in March", said in June, is this March).
      const nearest =
        atom.month - today.month < -6 ? today.year + 1 : atom.month - today.month > 6 ? today.year - 1 : today.year;
      const year = atom.year ?? (ctx.nearest ? nearest : ahead);
      if (year < FIRST_YEAR || year > LAST_YEAR) return INVALID;
      return { kind: 'month', year, month: atom.month };
    }
  }
}

/** The context atoms set for each other: a week or a month named in the request narrows its bare days. */
function narrowedContext(atoms: DateAtom[], ctx: DateContext): DateContext {
  const narrowed = { ...ctx };
  for (const atom of atoms) {
    const resolved = atom.kind === 'week' || atom.kind === 'month' ? resolveAtom(atom, ctx) : undefined;
    if (resolved?.kind === 'week') narrowed.week = resolved.monday;
    if (resolved?.kind === 'month') narrowed.month = { year: resolved.year, month: resolved.month };
  }
  return narrowed;
}

const UNIT = `(${QUANTITY})\\s+(working\\s+|business\\s+|calendar\\s+)?(days?|weeks?|months?)\\b`;
const START_WORD = '(?:from|starting|beginning|as\\s+of|commencing)(?:\\s+(?:on|from|with))?';

/** The working days of ISO week `week` of `year`, or of this year's (next year's once this year's has passed). */
function isoWeekRange(week: number, year: number | undefined, ctx: DateContext): Resolved {
  // ISO week 1 holds 4 January; a year has a week 53 only when 28 December falls in it.
  const mondayIn = (y: number): IsoDate | undefined => {
    const monday = addDays(mondayOf(`${y}-01-04` as IsoDate), 7 * (week - 1));
    return week === 53 && monday !== mondayOf(`${y}-12-28` as IsoDate) ? undefined : monday;
  };
  const thisYear = partsOf(ctx.today).year;
  let monday = mondayIn(year ?? thisYear);
  if (year === undefined && !ctx.past && (!monday || addDays(monday, 4) < ctx.today)) monday = mondayIn(thisYear + 1);
  return monday ? { kind: 'range', ...workingWeek(monday, ctx.today) } : INVALID;
}

/** Reads the dates of a request (normalised text) against `ctx`. */
export function findDates(text: string, ctx: DateContext): DateFinding {
  const { skeleton, atoms } = scanDates(text);
  return datesOfScan(skeleton, atoms, ctx);
}

/** The dates of a scanned request: its atoms read in the structure of its skeleton. */
/** An atom that names one day, as that day. */
function dayOfAtom(atom: DateAtom | undefined, ctx: DateContext): IsoDate | undefined {
  const day = atom ? resolveAtom(atom, ctx) : INVALID;
  return day.kind === 'range' && day.start === day.end ? day.start : undefined;
}

function datesOfScan(skeleton: string, atoms: DateAtom[], ctx: DateContext): DateFinding {
  // "07/02" with nothing to say which comes first: both readings, for the planner to ask which.
  const unsureAt = atoms.findIndex((a) => a.kind === 'ambiguous');
  const unsure = atoms[unsureAt];
  if (unsure?.kind === 'ambiguous') {
    const readings = unsure.readings.map((r) => inferYear(r.month, r.day, ctx));
    // "The week of 03/01" names a week by its Monday: when one reading alone is a Monday, the text decides.
    const weekOf = new RegExp(
      `\\bweek\\s+(?:of|beginning|commencing|starting|from)\\s+(?:the\\s+)?§${unsureAt}§|\\bw\\/c\\s+§${unsureAt}§`,
    );
    const mondays = readings.filter((day): day is IsoDate => day !== undefined && weekdayOf(day) === 1);
    if (weekOf.test(skeleton) && mondays.length === 1) {
      const monday = mondays[0]!;
      const written = monday === readings[0] ? unsure.readings[0] : unsure.readings[1];
      const decided = atoms.map((a, i) => (i === unsureAt ? ({ kind: 'ymd', ...written } as DateAtom) : a));
      return datesOfScan(skeleton, decided, ctx);
    }
    if (readings[0] !== undefined && readings[1] !== undefined) {
      return { kind: 'invalid', readings: [readings[0], readings[1]] };
    }
    return { kind: 'invalid' };
  }
  const context = narrowedContext(atoms, ctx);
  const excepted = exceptedDays(
    skeleton,
    atoms,
    ctx.today,
    (own, ownAtoms) => datesOfScan(own, ownAtoms, ctx),
    (atom, anchor) => {
      const day = resolveAtom(atom, context, anchor);
      return day.kind === 'range' && day.start === day.end ? day.start : undefined;
    },
  );
  if (excepted) return excepted;
  // "Monday or Tuesday", "tomorrow or the day after": two days offered as a choice, never both booked.
  const choice = /§(\d+)§,?\s+or\s+(?:(?:on|the)\s+)?§(\d+)§/.exec(skeleton);
  if (choice) {
    const first = resolveAtom(atoms[Number(choice[1])]!, context);
    const second = first.kind === 'range' ? resolveAtom(atoms[Number(choice[2])]!, context, first.start) : INVALID;
    if (first.kind === 'range' && second.kind === 'range' && first.start === first.end && second.start === second.end) {
      return { kind: 'invalid', readings: [first.start, second.start] };
    }
    return { kind: 'invalid' };
  }
  // "Tomorrow or the day after", "the 5th or 6th", "next Friday or the one after": the second day said against the
  // first.
  const orNext = /§(\d+)§,?\s+or\s+(?:the\s+)?(?:(day\s+after)|(\d{1,2})(?:st|nd|rd|th)|((?:one|week)\s+after))\b/.exec(
    skeleton,
  );
  if (orNext) {
    const said = atoms[Number(orNext[1])]!;
    const first = resolveAtom(said, context);
    if (first.kind !== 'range' || first.start !== first.end) return { kind: 'invalid' };
    // "The one after" a weekday is that weekday a week on; after a date it says no day.
    if (orNext[4] && said.kind !== 'weekday') return { kind: 'invalid' };
    const second = orNext[2]
      ? addDays(first.start, 1)
      : orNext[4]
        ? addDays(first.start, 7)
        : makeDate(partsOf(first.start).year, partsOf(first.start).month, Number(orNext[3]));
    return second ? { kind: 'invalid', readings: [first.start, second] } : { kind: 'invalid' };
  }
  const anchored = anchoredDays(skeleton, atoms, (i) => dayOfAtom(atoms[i], context), ctx.today);
  if (anchored) return anchored;
  const items: Resolved[] = [];
  const spans: { start: IsoDate; days: number }[] = [];
  const opens: IsoDate[] = [];
  let lastDayOff: IsoDate | undefined;
  let sundayOf: IsoDate | undefined;
  const atom = (index: string, anchor?: IsoDate) => resolveAtom(atoms[Number(index)]!, context, anchor);
  // Each structure read is replaced by a mark, so that later patterns do not read its atoms again.
  const mark = '¤';

  // "N days from X": calendar days as the API counts them; working days become an end date; weeks are 7 days.
  const duration = (qty: string, unit: string | undefined, word: string, start: Resolved): void => {
    const count = quantityValue(qty) ?? 0;
    const working = unit?.trim() === 'working' || unit?.trim() === 'business';
    const days = word.startsWith('week') ? count * 7 : count;
    if (word.startsWith('month')) {
      // "From 1 March for 3 months": to the day before the same date three months on.
      const end =
        start.kind === 'range' && Number.isInteger(count) && count >= 1 && count <= 12
          ? monthsOn(start.start, count)
          : undefined;
      items.push(start.kind === 'range' && end ? { kind: 'range', start: start.start, end } : INVALID);
      return;
    }
    if (start.kind !== 'range' || !Number.isInteger(count) || count < 1 || days > MAX_SPAN_DAYS) items.push(INVALID);
    else if (word.startsWith('week')) spans.push({ start: start.start, days: count * 7 });
    else if (working) items.push({ kind: 'range', start: start.start, end: endAfterWorkingDays(start.start, count) });
    else spans.push({ start: start.start, days: count });
  };

  let rest = skeleton
    .replace(
      // "the week of 9 December", "the week beginning Monday 7th": the working days of that week.
      /(?:\b(?:the\s+)?(?:whole\s+|entire\s+|full\s+)?week\s+(?:of|beginning|commencing|starting)(?:\s+on)?|\bthe\s+week\s+from|\bw\/c)\s+(?:the\s+)?§(\d+)§/g,
      (whole: string, a: string) => {
        const day = atom(a);
        if (day.kind !== 'range' || day.start !== day.end) items.push(INVALID);
        else if (weekdayOf(day.start) !== 0)
          items.push({ kind: 'range', ...workingWeek(mondayOf(day.start), ctx.today) });
        // A Sunday ends a week where weeks start on Monday, and starts one where they start on Sunday: "the week
        // beginning Sunday 4 July" is the week after it, "the week of 4 July" either, so asked.
        else if (/\bweek\s+of\b/.test(whole)) {
          sundayOf = day.start;
          items.push(INVALID);
        } else items.push({ kind: 'range', ...workingWeek(addDays(day.start, 1), ctx.today) });
        return mark;
      },
    )
    .replace(
      // "the week after Christmas", "the week before 14 May", "Christmas week": the working days of that week.
      /\b(?:the\s+)?week\s+(after|before)\s+§(\d+)§|§(\d+)§\s+week\b/g,
      (whole: string, side: string | undefined, a: string | undefined, b: string | undefined) => {
        // "Christmas week" only: "Monday week" is a week on from Monday, no week of it.
        const said = atoms[Number(b ?? a)]!;
        if (b !== undefined && !(said.kind === 'ymd' && said.named)) return whole;
        const day = atom((a ?? b)!);
        if (day.kind !== 'range' || day.start !== day.end) items.push(INVALID);
        else {
          const monday = addDays(mondayOf(day.start), side === 'after' ? 7 : side === 'before' ? -7 : 0);
          items.push({ kind: 'range', ...workingWeek(monday, monday) });
        }
        return mark;
      },
    )
    .replace(
      new RegExp(
        `(?:\\b(from|between|du)\\s+)?§(\\d+)§\\s*(-|–|to|until|till|through|thru|and|au)\\s*(?:the\\s+)?§(\\d+)§`,
        'g',
      ),
      (whole, lead: string | undefined, a: string, joiner: string, b: string) => {
        if (joiner === 'and' && lead !== 'between') return whole;
        // "Tue 10 Nov to Fri 20 Nov 2026": written days whose end alone has a year, read as one range, like "10 to 20
        // Nov 2026" (its first day takes the end's year), never the first day's next occurrence.
        const [from, to] = [atoms[Number(a)]!, atoms[Number(b)]!];
        if (from.kind === 'ymd' && to.kind === 'ymd' && from.year === undefined && to.year !== undefined) {
          items.push(resolveAtom({ kind: 'ymdRange', from, to }, context));
          return mark;
        }
        const start = atom(a);
        const end = start.kind === 'range' ? atom(b, start.start) : INVALID;
        // "From 11 to 7 December" is backwards, not a year long: an end that lands ~a year on, with no year said, is
        // a slip to ask about.
        const yearLong =
          start.kind === 'range' &&
          end.kind === 'range' &&
          addDays(start.start, 300) < end.end &&
          !statesYear(atoms[Number(b)]!);
        items.push(start.kind === 'range' && end.kind === 'range' && !yearLong ? { ...start, end: end.end } : INVALID);
        return mark;
      },
    )
    .replace(
      new RegExp(`(?:for\\s+)?${UNIT}(?:\\s+off)?[^§¤]{0,40}?\\b${START_WORD}\\s+§(\\d+)§`, 'g'),
      (...m: string[]) => {
        duration(m[1]!, m[2], m[3]!, atom(m[4]!));
        return mark;
      },
    )
    .replace(new RegExp(`§(\\d+)§,?\\s+(?:for\\s+)?${UNIT}`, 'g'), (...m: string[]) => {
      duration(m[2]!, m[3], m[4]!, atom(m[1]!));
      return mark;
    })
    .replace(/\b(?:ever\s+)?since\s+§(\d+)§/g, (_whole, a: string) => {
      // "Sick since Monday": from that day (gone, whatever the tense) to today.
      const start = resolveAtom(atoms[Number(a)]!, { ...context, past: true });
      items.push(
        start.kind === 'range' && start.start <= ctx.today
          ? { kind: 'range', start: start.start, end: ctx.today }
          : INVALID,
      );
      return mark;
    })
    .replace(
      /\b(?:back|returning|return)(?:\s+(?:to\s+work|at\s+work|in|to\s+the\s+office))?\s+(?:on\s+)?§(\d+)§/g,
      (_whole, b: string) => {
        // "Sick since Monday, back Thursday": off until the day before the return (to come, whatever the tense).
        const back = resolveAtom(atoms[Number(b)]!, { ...context, past: false }, ctx.today);
        if (back.kind === 'range' && back.start > ctx.today) lastDayOff = addDays(back.start, -1);
        else items.push(INVALID);
        return mark;
      },
    )
    .replace(/\b(?:until|till|up\s+to)\s+§(\d+)§/g, (_whole, b: string) => {
      const end = atom(b, ctx.today);
      items.push(end.kind === 'range' ? { kind: 'range', start: ctx.today, end: end.end } : INVALID);
      return mark;
    })
    .replace(new RegExp(`\\b${START_WORD}\\s+§(\\d+)§`, 'g'), (_whole, a: string) => {
      const start = atom(a);
      // "from 21 Dec" opens a range; "from 21 Dec to 21 Dec" (one atom that is already a range) is that one day.
      const written = atoms[Number(a)]!.kind;
      const isRange = written === 'ymdRange' || written === 'dayRange';
      if (start.kind === 'range' && start.start === start.end && !isRange) opens.push(start.start);
      else items.push(start);
      return mark;
    });
  // In a list ("Monday and Tuesday") each day follows the one before it, as a range's end follows its start.
  let previous: IsoDate | undefined;
  rest = rest.replace(/§(\d+)§/g, (_whole, a: string) => {
    const item = atom(a, previous);
    if (item.kind === 'range') previous = item.end;
    if (item.kind === 'list') {
      previous = item.ranges[item.ranges.length - 1]!.end;
      items.push(...item.ranges.map((range) => ({ kind: 'range' as const, ...range })));
    } else items.push(item);
    return mark;
  });

  // Days to come said before the return ("3rd to 8th, back on the 9th"): the return confirms them (returnAfterDays.ts).
  const said = items.flatMap((item) => (item.kind === 'range' && item.end > ctx.today ? [item.end] : [])).sort();
  if (lastDayOff !== undefined && said.length > 0 && opens.length === 0) {
    if (!returnFollows(said.at(-1)!, lastDayOff)) items.push(INVALID);
  } else if (lastDayOff !== undefined) {
    // Off from the day the text opens with ("from Monday, back on the 7th"), or from today, to the return.
    const start = opens.length === 1 ? opens.pop()! : ctx.today;
    items.push(start <= lastDayOff ? { kind: 'range', start, end: lastDayOff } : INVALID);
  }
  if (items.some((item) => item.kind === 'invalid' || (item.kind === 'range' && !withinSpan(item)))) {
    if (sundayOf !== undefined) {
      const before = workingWeek(addDays(sundayOf, -6), ctx.today);
      const after = workingWeek(addDays(sundayOf, 1), ctx.today);
      return { kind: 'invalid', sunday: sundayOf, spans: [before, after] };
    }
    const notOn = weekdayNotOnDate(atoms, ctx);
    return notOn ? { kind: 'invalid', notOn } : { kind: 'invalid' };
  }
  const ranges = items.filter((item) => item.kind === 'range');
  const wide = items.filter((item) => item.kind === 'week' || item.kind === 'month');
  if (spans.length === 1 && ranges.length === 0 && opens.length === 0) return { kind: 'span', ...spans[0]! };
  if (ranges.length > 0)
    return { kind: 'days', ranges: mergeRanges([...ranges, ...opens.map((d) => ({ start: d, end: d }))]) };
  if (opens.length === 1) return { kind: 'from', start: opens[0]! };
  if (wide.length > 0) return wide[0]!;
  const bare = new RegExp(`(?:\\bfor\\s+)?${UNIT}`).exec(rest);
  if (bare && !bare[3]!.startsWith('month')) {
    const count = quantityValue(bare[1]!) ?? 0;
    const weeks = bare[3]!.startsWith('week');
    const working = bare[2] !== undefined && bare[2].trim() !== 'calendar';
    const days = weeks ? count * 7 : count;
    if (count >= 1 && Number.isInteger(count) && days <= MAX_SPAN_DAYS) return { kind: 'duration', days, working };
    if (count >= 1 && Number.isInteger(count)) return { kind: 'invalid' };
  }
  return { kind: 'none' };
}

/** The first date written with a weekday it does not fall on ("Monday 4 December", the 4th a Friday). */
function weekdayNotOnDate(atoms: DateAtom[], ctx: DateContext): { date: IsoDate; weekday: number } | undefined {
  for (const atom of atoms) {
    if (atom.kind === 'dayOfMonth' && atom.weekday !== undefined) {
      const date = inferMonth(atom.day, { today: ctx.today });
      if (date !== undefined && weekdayOf(date) !== atom.weekday) return { date, weekday: atom.weekday };
    }
    const days =
      atom.kind === 'ymd' ? [{ ...atom }] : atom.kind === 'ymdRange' ? [{ ...atom.from }, { ...atom.to }] : [];
    for (const day of days) {
      if (day.weekday === undefined) continue;
      const date = day.year !== undefined ? makeDate(day.year, day.month, day.day) : inferYear(day.month, day.day, ctx);
      if (date !== undefined && weekdayOf(date) !== day.weekday) return { date, weekday: day.weekday };
    }
  }
  return undefined;
}

/** The day, unless a weekday written with it says otherwise (then neither is trusted: the planner asks). */
function sayingWeekday(date: IsoDate | undefined, weekday: number | undefined): IsoDate | undefined {
  return date !== undefined && weekday !== undefined && weekdayOf(date) !== weekday ? undefined : date;
}

function isWeekendDay(date: IsoDate): boolean {
  return weekdayOf(date) === 0 || weekdayOf(date) === 6;
}

/** The day before the same date `months` months on (31 January + 1 month: the last day of February). */
function monthsOn(start: IsoDate, months: number): IsoDate | undefined {
  const { year, month, day } = partsOf(start);
  const m = month - 1 + months;
  const targetYear = year + Math.floor(m / 12);
  const targetMonth = (m % 12) + 1;
  const lastDay = lastDayOfMonth(targetYear, targetMonth);
  // A day the month lacks (31 January + 1 month): to that month's end.
  if (day > partsOf(lastDay).day) return lastDay;
  const same = makeDate(targetYear, targetMonth, day);
  return same === undefined ? undefined : addDays(same, -1);
}

/** True when the user wrote the year of the atom. */
function statesYear(atom: DateAtom): boolean {
  if (atom.kind === 'ymd' || atom.kind === 'dayRange' || atom.kind === 'dayList') return atom.year !== undefined;
  if (atom.kind === 'ymdRange') return atom.to.year !== undefined;
  return atom.kind === 'isoWeek' ? atom.year !== undefined : false;
}

/** A range the API could take: in order and at most MAX_SPAN_DAYS long. */
function withinSpan(range: { start: IsoDate; end: IsoDate }): boolean {
  return range.start <= range.end && addDays(range.start, MAX_SPAN_DAYS - 1) >= range.end;
}

/** Ranges sorted, with overlapping or touching ones joined ("Monday and Tuesday" is one request). */
export function mergeRanges(ranges: DayRange[]): DayRange[] {
  const sorted = [...ranges].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const merged: DayRange[] = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last && addDays(last.end, 1) >= range.start) {
      if (range.end > last.end) last.end = range.end;
    } else merged.push({ start: range.start, end: range.end });
  }
  return merged;
}

/** The window a finding covers, for list filters (`from`, `to`): "next week" is Monday to Sunday. */
export function windowOf(finding: DateFinding): { from?: IsoDate; to?: IsoDate } {
  switch (finding.kind) {
    case 'days':
      return { from: finding.ranges[0]!.start, to: finding.ranges[finding.ranges.length - 1]!.end };
    case 'span':
      return { from: finding.start, to: addDays(finding.start, finding.days - 1) };
    case 'from':
      return { from: finding.start };
    case 'week':
      return { from: finding.monday, to: addDays(finding.monday, 6) };
    case 'month':
      return { from: makeDate(finding.year, finding.month, 1)!, to: lastDayOfMonth(finding.year, finding.month) };
    default:
      return {};
  }
}

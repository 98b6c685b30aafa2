/**
 * Days said against another day: "the Friday before Christmas", "the day after Boxing Day", "the 2 days before
 * Christmas", "the Monday after next", "Friday week", "a week on Monday". Read apart, their atoms are two days to book
 * (the coming Friday and Christmas) or the wrong one: here the first is resolved against the second. A reading English
 * leaves open ("the Friday after next" on a Wednesday: the Friday of the week after next, or a week after the coming
 * Friday) is offered as two readings to choose from; a stretch said without "the" ("3 days after Christmas": that day,
 * or those days?) or a weekend is asked about.
 */

import { type IsoDate, addDays, mondayOf, weekdayOf } from './calendar';
import type { DateAtom } from './dateAtoms';
import type { DateFinding } from './dates';
import { quantityValue } from './quantities';

/** One atom resolved to a single day, when it is one. */
export type DayOf = (index: number) => IsoDate | undefined;

const oneDay = (day: IsoDate): DateFinding => ({ kind: 'days', ranges: [{ start: day, end: day }] });

function bareWeekday(atom: DateAtom | undefined): number | undefined {
  return atom?.kind === 'weekday' && atom.mode === 'bare' ? atom.weekday : undefined;
}

/** The `weekday` strictly before (after) `day`. */
function weekdayBeside(weekday: number, day: IsoDate, side: string): IsoDate {
  if (side === 'before') return addDays(day, -((weekdayOf(day) - weekday + 7) % 7 || 7));
  return addDays(day, (weekday - weekdayOf(day) + 7) % 7 || 7);
}

/** Days in order as ranges, neighbours joined: Monday and Tuesday are one stretch. */
function joined(days: IsoDate[]): { start: IsoDate; end: IsoDate }[] {
  const ranges: { start: IsoDate; end: IsoDate }[] = [];
  for (const day of days) {
    const last = ranges[ranges.length - 1];
    if (last && addDays(last.end, 1) === day) last.end = day;
    else if (!last || last.end !== day) ranges.push({ start: day, end: day });
  }
  return ranges;
}

/** The days a skeleton says against another day, or undefined when it says none (the usual reading goes on). */
export function anchoredDays(
  skeleton: string,
  atoms: readonly DateAtom[],
  dayOf: DayOf,
  today: IsoDate,
): DateFinding | undefined {
  const ofWeek = weekdaysOfWeek(skeleton, atoms, dayOf);
  if (ofWeek) return ofWeek;
  // "The Friday before Christmas", "the Monday after 7 December", "Monday and Tuesday after Christmas".
  const beside = /((?:§\d+§\s*(?:,|and|&)\s*)*§\d+§)\s+(before|after)\s+(?:the\s+)?§(\d+)§/.exec(skeleton);
  const listed = beside ? [...beside[1]!.matchAll(/§(\d+)§/g)].map((m) => bareWeekday(atoms[Number(m[1])])) : [];
  if (beside && atoms.length === listed.length + 1) {
    const anchor = dayOf(Number(beside[3]));
    if (listed.some((weekday) => weekday === undefined)) return undefined;
    if (anchor === undefined) return { kind: 'invalid' };
    // A list is one stretch beside the anchor: each day beside the one next to it ("Thursday and Friday before
    // Christmas" on a Friday are the 17th and 18th, not the 24th and the 18th).
    const side = beside[2]!;
    const order = side === 'before' ? [...listed].reverse() : listed;
    const days: IsoDate[] = [];
    for (const weekday of order) days.push(weekdayBeside(weekday!, days[days.length - 1] ?? anchor, side));
    return { kind: 'days', ranges: joined(days.sort()) };
  }
  // "The day before Christmas Eve", "the 2 days after Boxing Day", "the weekend before Christmas".
  const offset =
    /(?:\b(the)\s+)?\b(?:(day)|(weekend)|(\S+)\s+(?:working\s+|business\s+)?days)\s+(before|after)\s+(?:the\s+)?§(\d+)§/.exec(
      skeleton,
    );
  if (offset && atoms.length === 1) {
    const anchor = dayOf(Number(offset[6]));
    const count = offset[2] ? 1 : offset[4] !== undefined ? quantityValue(offset[4]) : undefined;
    if (anchor === undefined || offset[3] || count === undefined || !Number.isInteger(count) || count < 1)
      return { kind: 'invalid' };
    if (count > 1 && !offset[1]) return { kind: 'invalid' };
    const sign = offset[5] === 'before' ? -1 : 1;
    const near = addDays(anchor, sign);
    const far = addDays(anchor, sign * count);
    return { kind: 'days', ranges: [sign < 0 ? { start: far, end: near } : { start: near, end: far }] };
  }
  const weekday = bareWeekday(atoms[0]);
  if (atoms.length !== 1 || weekday === undefined) return undefined;
  const coming = weekdayBeside(weekday, today, 'after');
  // "The Monday after next": the weekday of the week after next, or a week after the next one; asked when they differ.
  if (/§0§\s+after\s+next\b/.test(skeleton)) {
    const weekAfterNext = addDays(mondayOf(today), 14 + ((weekday + 6) % 7));
    const weekOn = addDays(coming, 7);
    return weekAfterNext === weekOn ? oneDay(weekOn) : { kind: 'invalid', readings: [weekOn, weekAfterNext] };
  }
  // "Friday week", "a week on Friday" (British): a week after the coming Friday.
  if (/§0§\s+week\b(?!\s*\d)|\ba\s+week\s+on\s+§0§/.test(skeleton)) return oneDay(addDays(coming, 7));
  return undefined;
}

/**
 * "Tuesday to Friday the week of 14 December", "the Monday and Friday of the week of 4 January", "Wednesday in the week
 * of Christmas": weekdays of the week a date names, not the coming weekdays beside that whole week.
 */
function weekdaysOfWeek(skeleton: string, atoms: readonly DateAtom[], dayOf: DayOf): DateFinding | undefined {
  const said =
    /((?:§\d+§\s*(?:,|and|&|to|-|–|until|till|through|thru)\s*)*§\d+§)\s*,?\s+(?:(?:of|in|during|on)\s+)?(?:the\s+)?(?:week\s+(?:of|beginning|commencing|starting)(?:\s+on)?|w\/c)\s+(?:the\s+)?§(\d+)§/.exec(
      skeleton,
    );
  if (!said) return undefined;
  const listed = [...said[1]!.matchAll(/§(\d+)§/g)].map((m) => bareWeekday(atoms[Number(m[1])]));
  if (atoms.length !== listed.length + 1 || listed.some((weekday) => weekday === undefined)) return undefined;
  const anchor = dayOf(Number(said[2]));
  if (anchor === undefined) return { kind: 'invalid' };
  const monday = mondayOf(anchor);
  const inWeek = (weekday: number) => addDays(monday, (weekday + 6) % 7);
  // Each joiner says whether two neighbours are a stretch ("Tuesday to Friday") or two days ("Monday and Friday").
  const joiners = [...said[1]!.matchAll(/§\d+§\s*([^§]*?)\s*(?=§)/g)].map((m) => m[1]!.trim());
  const days: IsoDate[] = [];
  for (const [i, weekday] of listed.entries()) {
    const day = inWeek(weekday!);
    const previous = days[days.length - 1];
    if (previous !== undefined && day <= previous) return { kind: 'invalid' };
    if (previous !== undefined && !/^(?:,|and|&)$/.test(joiners[i - 1] ?? ''))
      for (let d = addDays(previous, 1); d < day; d = addDays(d, 1)) days.push(d);
    days.push(day);
  }
  return { kind: 'days', ranges: joined(days) };
}

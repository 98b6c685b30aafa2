/**
 * A range of bare weekdays whose days this week are under way. The parser reads a bare weekday as the next one after
 * today (dates.ts), so "sick from Monday to Wednesday" or "Wednesday to Friday" said on a Wednesday is read as next
 * week's. A person who says that may mean this week's (sick since Monday, off from today) or next week's: neither is
 * a guess to make. The finding becomes a question offering both weeks. Sick leave, told afterwards and never
 * planned, is asked about for one bare weekday too, and for days this week already gone.
 */

import { addDays, mondayOf } from './calendar';
import type { DateAtom } from './dateAtoms';
import type { DateContext, DateFinding } from './dates';

/**
 * The weekday of a bare weekday atom ("Monday", "this Monday": not "next Monday" nor "Monday 4 December"), Monday 1 to
 * Sunday 7. "This Monday" said on a Wednesday may be the one gone as much as the one to come.
 */
function bareWeekday(atom: DateAtom): number | undefined {
  if (atom.kind !== 'weekday' || (atom.mode !== 'bare' && atom.mode !== 'this')) return undefined;
  return atom.weekday === 0 ? 7 : atom.weekday;
}

/**
 * `finding` as a question when it is one range from a bare weekday to another (or, `sick`, one bare weekday), read in
 * next week, while this week's same range has begun and not ended (today within it): this week's or next week's?
 * Otherwise as is.
 */
export function askWhichWeek(
  finding: DateFinding,
  atoms: readonly DateAtom[],
  ctx: DateContext,
  sick = false,
): DateFinding {
  if (ctx.past || finding.kind !== 'days' || finding.ranges.length !== 1) return finding;
  // One bare weekday is a range of one day, asked about for sick leave only: "sick Wednesday" said on a Wednesday is
  // likely today (nobody knows they will be sick next week), where "take Monday off" said on a Monday is next week's.
  if (atoms.length !== 2 && !(sick && atoms.length === 1)) return finding;
  const from = bareWeekday(atoms[0]!);
  const to = bareWeekday(atoms.at(-1)!);
  if (from === undefined || to === undefined || to < from) return finding;
  const monday = mondayOf(ctx.today);
  const thisWeek = { start: addDays(monday, from - 1), end: addDays(monday, to - 1) };
  // Sick days this week already gone are asked about too: sick leave is mostly told afterwards, never planned.
  if (thisWeek.start > ctx.today || (thisWeek.end < ctx.today && !sick)) return finding;
  const nextWeek = finding.ranges[0]!;
  // Only the reading this replaces: the same weekdays a week on.
  if (nextWeek.start !== addDays(thisWeek.start, 7) || nextWeek.end !== addDays(thisWeek.end, 7)) return finding;
  return { kind: 'invalid', spans: [thisWeek, nextWeek], weeks: true };
}

/**
 * A yearless day that went by lately. The parser reads a day without a year as its next occurrence (dates.ts), so
 * "24 November" said on the 25th, or "20 November to 2 December" said on the 25th, is read a year on. A person who
 * says that more likely means the day just gone or the range already under way, but may mean next year's: neither
 * is a guess to make. The finding becomes a question offering both readings.
 */

import { type IsoDate, addDays, makeDate, partsOf } from './calendar';
import type { DateAtom } from './dateAtoms';
import type { DateContext, DateFinding } from './dates';

/** How long ago a day may have gone by for a person to still mean it (a couple of months). */
const LATELY_DAYS = 62;

/** A date the text names by day and month, without a year (of a range: neither end has one). */
function yearless(atom: DateAtom): boolean {
  switch (atom.kind) {
    case 'ymd':
    case 'dayRange':
    case 'dayList':
      return atom.year === undefined;
    case 'ymdRange':
      return atom.from.year === undefined && atom.to.year === undefined;
    default:
      return false;
  }
}

function yearEarlier(date: IsoDate): IsoDate | undefined {
  const { year, month, day } = partsOf(date);
  return makeDate(year - 1, month, day);
}

/**
 * `finding` as a question when its one range was read a year on from a reading that went by in the last couple of
 * months: a single day asks "this one gone, or next year's?" (`readings`); a range under way asks "the rest of it
 * (from today), or next year's?" and one that ended lately "that one, or next year's?" (`spans`). Otherwise as is.
 */
export function askWhenLatelyGone(finding: DateFinding, atoms: readonly DateAtom[], ctx: DateContext): DateFinding {
  if (ctx.past || ctx.nearest || ctx.month || finding.kind !== 'days' || finding.ranges.length !== 1) return finding;
  if (atoms.length === 0 || !atoms.every(yearless)) return finding;
  const { start, end } = finding.ranges[0]!;
  const [goneStart, goneEnd] = [yearEarlier(start), yearEarlier(end)];
  if (goneStart === undefined || goneEnd === undefined) return finding;
  if (goneStart >= ctx.today || addDays(goneStart, LATELY_DAYS) < ctx.today) return finding;
  if (start === end) return { kind: 'invalid', readings: [goneStart, start] };
  const thisOne = goneEnd >= ctx.today ? { start: ctx.today, end: goneEnd } : { start: goneStart, end: goneEnd };
  return { kind: 'invalid', spans: [thisOne, { start, end }], started: goneEnd >= ctx.today ? goneStart : undefined };
}

/**
 * Days taken out of a stretch: "next week except Friday", "the week of 14 December apart from the Monday", "21
 * December to 1 January but not the 25th". Read apart, the excepted day is one more day to book, or the only one:
 * here it is taken out of the stretch the rest of the text names, which splits around it.
 */

import { type IsoDate, daysOf, isWeekend, weekdayOf, workingWeek } from './calendar';
import type { DateAtom } from './dateAtoms';
import type { DateFinding } from './dates';

const WORD = String.raw`\b(?:except(?:\s+for)?|apart\s+from|aside\s+from|but\s+not|but|other\s+than|excluding|minus|without)`;
const DAYS = String.raw`(?:(?:on|for)\s+)?(?:the\s+)?§\d+§(?:\s*(?:,|and|&|or)\s*(?:the\s+)?§\d+§)*`;

/** The word that takes days out, and the days after it: nothing else may follow but "off" or politeness. */
const EXCEPT = new RegExp(
  String.raw`^(.*?§\d+§.*?)\s*,?\s*${WORD}\s+(${DAYS})(?:\s+(?:off|please|thanks|thank\s+you))*\s*[.!]?\s*$`,
);

/** A word that takes out the days written right after it ("except Friday"): glue of a booking, not another request. */
export const EXCEPT_WORD = new RegExp(`${WORD}(?=\\s+(?:(?:on|for)\\s+)?(?:the\\s+)?§)`, 'g');

const INVALID: DateFinding = { kind: 'invalid' };

/** Whether a skeleton takes days out of a stretch in the form read here (takenBackDays.ts asks about the others). */
export function takesOutDays(skeleton: string): boolean {
  return EXCEPT.test(skeleton);
}

/** Runs of consecutive days, each without the weekend days at its ends. */
function runsOf(days: readonly IsoDate[], left: ReadonlySet<IsoDate>): { start: IsoDate; end: IsoDate }[] {
  const runs: IsoDate[][] = [];
  let run: IsoDate[] = [];
  for (const day of days) {
    if (left.has(day)) run.push(day);
    else if (run.length > 0) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length > 0) runs.push(run);
  return runs
    .map((r) => {
      let [i, j] = [0, r.length - 1];
      while (i <= j && isWeekend(r[i]!)) i++;
      while (j >= i && isWeekend(r[j]!)) j--;
      return i <= j ? { start: r[i]!, end: r[j]! } : undefined;
    })
    .filter((r) => r !== undefined);
}

/**
 * The days a skeleton names with some taken out, or undefined when it takes none out (the usual reading goes on).
 * `read` reads a skeleton of its own atoms; `dayAfter` resolves an atom to one day on or after `anchor`.
 */
export function exceptedDays(
  skeleton: string,
  atoms: readonly DateAtom[],
  today: IsoDate,
  read: (skeleton: string, atoms: DateAtom[]) => DateFinding,
  dayAfter: (atom: DateAtom, anchor: IsoDate) => IsoDate | undefined,
): DateFinding | undefined {
  const said = EXCEPT.exec(skeleton);
  if (!said) return undefined;
  // The stretch is read alone, its atoms numbered from 0 as in a text of its own.
  const own: DateAtom[] = [];
  const stretchSkeleton = said[1]!.replace(/§(\d+)§/g, (_whole, i: string) => {
    own.push(atoms[Number(i)]!);
    return `§${own.length - 1}§`;
  });
  const stretch = read(stretchSkeleton, own);
  const range =
    stretch.kind === 'week'
      ? workingWeek(stretch.monday, today)
      : stretch.kind === 'days' && stretch.ranges.length === 1
        ? stretch.ranges[0]!
        : undefined;
  if (!range) return INVALID;
  const days = daysOf(range.start, range.end);
  const out = new Set<IsoDate>();
  for (const [, i] of said[2]!.matchAll(/§(\d+)§/g)) {
    const atom = atoms[Number(i)]!;
    // "Except Friday": every Friday of the stretch; "except the 25th": that day, which must be in it.
    const excepted =
      atom.kind === 'weekday' && atom.mode === 'bare'
        ? days.filter((day) => weekdayOf(day) === atom.weekday)
        : [dayAfter(atom, range.start)].filter((day): day is IsoDate => day !== undefined && day <= range.end);
    if (excepted.length === 0) return INVALID;
    for (const day of excepted) out.add(day);
  }
  const ranges = runsOf(days, new Set(days.filter((day) => !out.has(day))));
  return ranges.length > 0 ? { kind: 'days', ranges } : INVALID;
}

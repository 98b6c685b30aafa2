/**
 * A booking of days written with their year that have gone by: "book 10/04/2026 off" said in November. The year
 * makes the date exact, so it is no next occurrence to move to (lateDates.ts does that for yearless days); but
 * booking a day long gone is more likely a slip (a wrong year, a date written the other way round) than leave to
 * record, so it is asked about. Said in the past tense ("I was sick on 10/04/2026") the days are meant gone and are
 * booked: the caller only asks for present-tense bookings.
 */

import { type IsoDate, daysOf, formatDayWithYear, formatSpan, isWeekend } from './calendar';
import type { DateAtom } from './dateAtoms';
import type { DateFinding, DayRange } from './dates';
import { weekendQuestion } from './pastWeekend';
import { ask, type Plan } from './planTypes';

/** A date the text wrote with its year (of a range: either end). */
function withYear(atom: DateAtom): boolean {
  switch (atom.kind) {
    case 'ymd':
    case 'dayRange':
    case 'dayList':
      return atom.year !== undefined;
    case 'ymdRange':
      return atom.from.year !== undefined || atom.to.year !== undefined;
    default:
      return false;
  }
}

/** `finding` as a question when its days, all written with a year, start before `today`; otherwise as is. */
export function askWhenWrittenDayGone(finding: DateFinding, atoms: readonly DateAtom[], today: IsoDate): DateFinding {
  if (finding.kind !== 'days' || atoms.length === 0 || !atoms.every(withYear)) return finding;
  if (!finding.ranges.some((range) => range.start < today)) return finding;
  return { kind: 'invalid', gone: finding.ranges };
}

/**
 * The question for days `ranges` of which some are gone: a single range under way offers the rest of it (from
 * `today`), anything else asks for the days again.
 */
export function goneDaysQuestion(ranges: DayRange[], today: IsoDate): Plan {
  const named = ranges.map((r) => formatSpan(r.start, r.end, ' – ')).join(' and ');
  const days = ranges.flatMap((r) => daysOf(r.start, r.end));
  // Weekend days only: the weekend question says they are past too, and that they were no working days.
  if (days.every(isWeekend)) return ask('dates', weekendQuestion(named, days, today));
  const only = ranges.length === 1 ? ranges[0]! : undefined;
  if (only && only.end >= today) {
    const rest = formatSpan(today, only.end);
    return ask(
      'dates',
      `That started on ${formatDayWithYear(only.start)}, which has gone by. Do you mean the rest of it, ${rest}, or other days?`,
      [rest],
    );
  }
  const gone = ranges.filter((r) => r.start < today);
  const goneNamed = gone.map((r) => formatSpan(r.start, r.end, ' – ')).join(' and ');
  return ask('dates', `${goneNamed} ${gone.length === 1 ? 'is' : 'are'} in the past. Which days would you like off?`);
}

/**
 * Replies after the time tracking writes: the live clock (clock in and out, breaks) and a stretch of work posted
 * afterwards. Times are written on the tenant's clock ("since 09:02"), as the person reads a wall clock.
 */

import { formatDayWithYear } from './calendar';
import type { ClockAction } from './companyIntents';
import { sentence } from './leaveViews';
import { type TurnResult, dataOf, errorOf, wasDeclined } from './planTypes';
import { localDay, localTime } from './zonedTime';

interface EntryAnswer {
  entry: {
    date: string;
    startedAt: string;
    endedAt: string | null;
    breakMinutes: number;
    workedMinutes: number;
    onBreakSince: string | null;
  };
  warnings?: string[];
}

const WARNINGS: Record<string, string> = {
  daily_limit_exceeded: 'the day is now over the daily limit of your time policy',
  weekly_limit_exceeded: 'the week is now over the weekly limit of your time policy',
  short_break: "the day's breaks are shorter than your time policy asks",
};

/** "8 h", "7 h 30 min", "45 min". */
export function duration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

function notes(answer: EntryAnswer): string {
  return (answer.warnings ?? []).map((code) => ` Note: ${WARNINGS[code] ?? code}.`).join('');
}

/** What each clock action is called in replies. */
const CLOCK_WORDS: Record<ClockAction, { failed: string; declined: string }> = {
  in: { failed: 'clock you in', declined: 'you are not clocked in' },
  out: { failed: 'clock you out', declined: 'you are still clocked in' },
  breakStart: { failed: 'start your break', declined: 'your break has not started' },
  breakEnd: { failed: 'end your break', declined: 'your break goes on' },
};

/** The reply after clock_in, clock_out, start_break or end_break. */
export function summariseClock(action: ClockAction, result: TurnResult, timeZone: string): string {
  const words = CLOCK_WORDS[action];
  if (wasDeclined(result)) return `Nothing was done: ${words.declined}.`;
  if (!result.ok) return sentence(`I couldn't ${words.failed}: ${errorOf(result).message}`);
  const answer = dataOf<EntryAnswer>(result);
  const { entry } = answer;
  const breaks = entry.breakMinutes > 0 ? `, ${duration(entry.breakMinutes)} of breaks` : '';
  const text = {
    in: () => `You're clocked in since ${localTime(entry.startedAt, timeZone)}.`,
    out: () =>
      `You're clocked out at ${localTime(entry.endedAt ?? entry.startedAt, timeZone)}: ` +
      `${duration(entry.workedMinutes)} worked since ${localTime(entry.startedAt, timeZone)}${breaks}.`,
    breakStart: () => `Your break started at ${localTime(entry.onBreakSince ?? entry.startedAt, timeZone)}.`,
    breakEnd: () => `Your break is over: ${duration(entry.breakMinutes)} of breaks since you clocked in.`,
  }[action]();
  return text + notes(answer);
}

/** "your work on Tue 24 Nov 2026 from 09:00 to 17:00": what a create_time_entry call asked for, from its arguments. */
function askedFor(args: Record<string, unknown>, timeZone: string): string {
  const started = typeof args.startedAt === 'string' ? args.startedAt : undefined;
  const ended = typeof args.endedAt === 'string' ? args.endedAt : undefined;
  if (!started || !ended) return 'your work';
  const day = formatDayWithYear(localDay(started, timeZone));
  return `your work on ${day} from ${localTime(started, timeZone)} to ${localTime(ended, timeZone)}`;
}

/** The reply after create_time_entry calls. */
export function summariseTimeEntries(results: TurnResult[], timeZone: string): string {
  return results
    .map((result) => {
      const asked = askedFor(result.arguments, timeZone);
      if (wasDeclined(result)) return `Nothing was done: ${asked} is not recorded.`;
      if (!result.ok) return sentence(`I couldn't record ${asked}: ${errorOf(result).message}`);
      const answer = dataOf<EntryAnswer>(result);
      const { entry } = answer;
      const span = `from ${localTime(entry.startedAt, timeZone)} to ${localTime(entry.endedAt ?? entry.startedAt, timeZone)}`;
      const breaks = entry.breakMinutes > 0 ? ` (${duration(entry.breakMinutes)} of breaks)` : '';
      return (
        `I've recorded your work on ${formatDayWithYear(entry.date)} ${span}: ${duration(entry.workedMinutes)} worked${breaks}.` +
        notes(answer)
      );
    })
    .join('\n');
}

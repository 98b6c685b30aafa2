/**
 * Time tracking: "clock me in" and its kin call the live clock now; "I worked 9 to 5 yesterday, I forgot to clock"
 * posts the stretch closed with create_time_entry, its times read on the tenant's clock and sent as UTC instants.
 * Both are writes, so each waits for the person's approval in the run.
 */

import { type IsoDate, daysOf, formatDay, formatDayWithYear } from './calendar';
import type { ClockAction } from './companyIntents';
import type { Understanding } from './intents';
import { type Plan, type PlanContext, type TurnResult, ask, callTools, reply, resultsOf } from './planTypes';
import { summariseClock, summariseTimeEntries } from './summariseTime';
import { clockText, zonedInstant } from './zonedTime';

/** The tool of each clock action, and what the model says it will do. */
export const CLOCK_TOOLS: Record<ClockAction, { tool: string; text: string }> = {
  in: { tool: 'clock_in', text: "I'll clock you in now." },
  out: { tool: 'clock_out', text: "I'll clock you out now." },
  breakStart: { tool: 'start_break', text: "I'll start your break now." },
  breakEnd: { tool: 'end_break', text: "I'll end your break now." },
};

/** Plans a clock action: the call, then (once it ran) what the clock says. */
export function planClock(u: Understanding, results: TurnResult[], ctx: PlanContext): Plan {
  const action = u.clock ?? 'in';
  const { tool, text } = CLOCK_TOOLS[action];
  const done = resultsOf(results, tool)[0];
  if (done) return reply(summariseClock(action, done, ctx.timeZone));
  const hasNote = ctx.tools.find((t) => t.name === tool)?.inputSchema.properties?.note !== undefined;
  return callTools(ctx, [{ tool, arguments: u.note && hasNote ? { note: u.note } : {} }], text);
}

/** The most days one message may post: a week of forgotten clocking. */
const MAX_DAYS = 7;

/** The days worked the request names (today when it names none), or the question they leave open. */
function workedDays(u: Understanding, ctx: PlanContext): Plan | IsoDate[] {
  const dates = u.dates;
  if (dates.kind === 'none') return [ctx.today];
  if (dates.kind === 'invalid') {
    return ask('dates', "I couldn't find that date in the calendar. Which day did you work?");
  }
  if (dates.kind !== 'days') return ask('dates', 'Which day did you work? For example "yesterday" or "Monday".');
  const days = dates.ranges.flatMap((r) => daysOf(r.start, r.end));
  if (days.length > MAX_DAYS)
    return ask('dates', `I can record up to ${MAX_DAYS} days at once: which days did you work?`);
  const future = days.find((day) => day > ctx.today);
  if (future !== undefined) {
    return ask(
      'dates',
      `${formatDayWithYear(future)} is still to come, and I can only record time already worked (clock in for now). Which day did you work?`,
    );
  }
  return days;
}

/** "Mon 23 Nov, Tue 24 Nov and Wed 25 Nov 2026" (the year written once when they share it). */
function dayList(days: IsoDate[]): string {
  if (days.length === 1) return formatDayWithYear(days[0]!);
  const sameYear = days.every((day) => day.slice(0, 4) === days[0]!.slice(0, 4));
  const written = days.map((day, i) => (sameYear && i < days.length - 1 ? formatDay(day) : formatDayWithYear(day)));
  return `${written.slice(0, -1).join(', ')} and ${written[written.length - 1]!}`;
}

function breakWords(minutes: number | undefined): string {
  if (minutes === undefined || minutes === 0) return '';
  return minutes % 60 === 0 ? ` with a ${minutes / 60}-hour break` : ` with a ${minutes}-minute break`;
}

/** Plans a stretch of work posted afterwards: the question its times or day leave open, or one call per day. */
export function planTimeEntry(u: Understanding, results: TurnResult[], ctx: PlanContext): Plan {
  const created = resultsOf(results, 'create_time_entry');
  if (created.length > 0) return reply(summariseTimeEntries(created, ctx.timeZone));
  const days = workedDays(u, ctx);
  if (!Array.isArray(days)) return days;
  const worked = u.worked;
  if (!worked) {
    const on = days.length === 1 ? ` on ${formatDayWithYear(days[0]!)}` : '';
    return ask('times', `What time did you start and finish${on}? For example "9 to 5" or "8:30-17:00".`);
  }
  const calls = days.map((day) => ({
    tool: 'create_time_entry',
    arguments: {
      startedAt: zonedInstant(day, worked.start, ctx.timeZone),
      endedAt: zonedInstant(day, worked.end, ctx.timeZone),
      ...(u.breakMinutes !== undefined ? { breakMinutes: u.breakMinutes } : {}),
    },
  }));
  const overnight = worked.end >= 1440 ? ' the next day' : '';
  const on = dayList(days);
  const text =
    `I'll record your work on ${on} from ${clockText(worked.start)} to ${clockText(worked.end)}${overnight}` +
    `${breakWords(u.breakMinutes)} (${ctx.timeZone} time).`;
  return callTools(ctx, calls, text);
}

/**
 * "How many hours have I worked this week", "hours I did last month", "my overtime in October": a question about
 * one's own time worked over a period reads the timesheet of that period (the week's, the month's) or, for days that
 * are neither, the time entries of those days. Why a rule: time words are stop words to the tool classifier, which
 * cannot tell these questions from the time policy's ("how many hours a day should I work") and so asked instead.
 */

import { type IsoDate, daysBetween, mondayOf } from './calendar';
import { findDates } from './dates';
import { logsHoursWorked } from './hoursLogged';
import { normalise } from './keywords';
import { type Plan, type PlanContext, type TurnResult, callTools, dataOf, errorOf, hasTool, reply } from './planTypes';
import { duration } from './summariseTime';
import type { AgentMessage } from '../types';
import { newRequestText } from './newRequestText';

const TIME_WORKED =
  /\b(?:hours?|hrs|overtime)\b.*\b(?:worked|work|working|did|done|do|put in|logged|clocked|racked up)\b|\b(?:worked|did|done|logged|clocked|put in)\b.*\b(?:hours?|hrs)\b|\b(?:hours?|hrs) (?:worked|logged|clocked)\b|\bmy (?:hours|hrs|overtime)\b|\bovertime\b.*\b(?:i|i've|ive|me)\b/;
// The user's own, or a heading of hours ("hours worked this week"); "we", "the company" ask for analytics.
const MINE = /\b(?:i|i've|ive|me|my)\b|^(?:total )?(?:hours|hrs) (?:worked|logged|clocked)\b/;
// Asked as a question or a heading ("hours worked this week", "my overtime"), never a statement to record.
const ASKS = /^(?:how|what|what's|whats|show|tell|give|list|check|my|total|hours|overtime|did|have|am|do|can|could)\b/;
// The policy's rules ("how many hours should I work", "overtime rules") and someone else's hours are other reads.
const NOT_MINE =
  /\b(?:should|supposed|must|allowed|max(?:imum)?|minimum|limit|limits|rules?|policy|rate|target|expected|contract(?:ed)?|per day|a day|per week|a week|team|everyone|anyone|who|has|they|he|she|we|our|us|company|department|by|across|analytics|report|quarter|do i work|do i have to)\b/;
// "Bob's hours" are someone else's; "what's", "this week's" are no one's.
const POSSESSIVE = /\b(?!(?:what|that|it|there|here|how|who|where|let|week|month|today|yesterday)'s\b)[a-z]+'s\b/;

/** Whether the normalised `text` asks about the user's own time worked (hours, overtime) rather than to log it. */
export function asksTimeWorked(text: string): boolean {
  return (
    TIME_WORKED.test(text) &&
    ASKS.test(text) &&
    MINE.test(text) &&
    !NOT_MINE.test(text) &&
    !POSSESSIVE.test(text) &&
    !logsHoursWorked(text)
  );
}

/** The read a question about the user's hours worked asks for, or undefined when `text` asks something else. */
export function hoursWorkedRead(
  message: string,
  ctx: Pick<PlanContext, 'today'>,
): { tool: string; arguments: Record<string, string> } | undefined {
  const text = normalise(message);
  if (!asksTimeWorked(text)) return undefined;
  const dates = findDates(text, { today: ctx.today, past: true });
  const thisMonday = mondayOf(ctx.today);
  switch (dates.kind) {
    case 'none':
      return { tool: 'get_weekly_timesheet', arguments: {} };
    case 'week':
      return {
        tool: 'get_weekly_timesheet',
        arguments: dates.monday === thisMonday ? {} : { date: dates.monday },
      };
    case 'month': {
      // Hours worked are behind us: "October" said in November is this October, said in March last October.
      const ahead = dates.year * 12 + dates.month > Number(ctx.today.slice(0, 4)) * 12 + Number(ctx.today.slice(5, 7));
      const year = ahead ? dates.year - 1 : dates.year;
      return { tool: 'get_monthly_timesheet', arguments: { month: `${year}-${String(dates.month).padStart(2, '0')}` } };
    }
    case 'days': {
      if (dates.ranges.length !== 1) return undefined;
      const { start, end } = dates.ranges[0]!;
      if (start > ctx.today) return undefined;
      // Days of one week other than a single day ("since Monday", "the week of 9 November") are that week's sheet.
      if (start !== end && mondayOf(start) === mondayOf(end)) {
        const monday = mondayOf(start);
        return { tool: 'get_weekly_timesheet', arguments: monday === thisMonday ? {} : { date: monday } };
      }
      if (daysBetween(start, end) > 366) return undefined;
      return { tool: 'list_time_entries', arguments: { from: start, to: end } };
    }
    default:
      return undefined;
  }
}

interface Period {
  workedMinutes: number;
  targetMinutes: number;
  overtimeMinutes: number;
}

function periodReply(what: string, period: Period): string {
  const target = period.targetMinutes > 0 ? ` of a ${duration(period.targetMinutes)} target` : '';
  const overtime = period.overtimeMinutes > 0 ? `, ${duration(period.overtimeMinutes)} of overtime` : '';
  return `${what} you have worked ${duration(period.workedMinutes)}${target}${overtime}.`;
}

/** The reply once the read ran. */
function summarise(result: TurnResult): string {
  if (!result.ok) return `I couldn't read your hours: ${errorOf(result).message}`;
  if (result.tool === 'get_weekly_timesheet') {
    const { week } = dataOf<{ week: Period & { weekStart: IsoDate; weekEnd: IsoDate } }>(result);
    return periodReply(`In the week of ${week.weekStart} to ${week.weekEnd}`, week);
  }
  if (result.tool === 'get_monthly_timesheet') {
    const month = dataOf<Period & { month: string }>(result);
    return periodReply(`In ${month.month}`, month);
  }
  const items = dataOf<{ entries?: { workedMinutes: number }[] }>(result).entries ?? [];
  const worked = items.reduce((sum, entry) => sum + entry.workedMinutes, 0);
  const { from, to } = result.arguments as { from: string; to: string };
  const when = from === to ? `On ${from}` : `From ${from} to ${to}`;
  return `${when} you have worked ${duration(worked)} (${items.length} time ${items.length === 1 ? 'entry' : 'entries'}).`;
}

/**
 * The step for a question about the user's hours worked (`messages` end with it, or with its read's result), or
 * undefined when the turn is not one.
 */
export function planHoursWorked(
  messages: readonly AgentMessage[],
  results: readonly TurnResult[],
  ctx: PlanContext,
): Plan | undefined {
  const text = newRequestText(messages);
  if (text === undefined) return undefined;
  const read = hoursWorkedRead(text, ctx);
  if (!read || !hasTool(ctx, read.tool)) return undefined;
  const done = results.find((r) => r.tool === read.tool);
  if (done) return reply(summarise(done));
  if (results.length > 0) return undefined;
  return callTools(ctx, [read]);
}

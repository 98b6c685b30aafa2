/**
 * The workspace's leave facts: its leave types and their rules ("what leave types are there?", "can I take half days
 * of sick leave?"), and its public holidays ("bank holidays in 2027"), read at once; adding or removing a public
 * holiday (HR) waits for approval like every write. These words ("leave", "holidays") would otherwise read as a
 * booking, so their rules run before the booking rules.
 */

import { formatDayWithYear } from './calendar';
import type { DateFinding } from './dates';
import { days } from './leaveViews';
import { type Plan, type PlanContext, type TurnResult, ask, callTools, dataOf, reply, resultsOf } from './planTypes';
import { failedRead } from './summariseLists';

export type LeaveFactsIntent = 'policies' | 'holidays' | 'addHoliday' | 'removeHoliday';

const HOLIDAY = /\b(?:public|bank|national|company|statutory|official)\s+holidays?\b/;
const BOOKING = /\b(?:book|take|taking|request|off|before|after|around|bridge the)\b/;

/** The leave-facts intent of a normalised request, if it is one. */
export function leaveFactsIntentOf(text: string): LeaveFactsIntent | undefined {
  if (HOLIDAY.test(text)) {
    if (/\b(?:add|create|new|declare|make)\b/.test(text)) return 'addHoliday';
    if (/\b(?:remove|delete|drop|cancel|take off|get rid of)\b/.test(text)) return 'removeHoliday';
    if (/\b(?:set|change|update|edit)\b/.test(text)) return 'addHoliday';
    if (!BOOKING.test(text)) return 'holidays';
  }
  if (/\bwhich days are (?:public )?holidays\b|\bholidays? calendar\b/.test(text)) return 'holidays';
  // "Is tomorrow a holiday?": whether a day is a public holiday, asked; nothing to book.
  if (/^(?:is|will|was)\b(?!.*\b(?:my|i|me)\b).*\b(?:a|an) (?:holiday|day off)\??$/.test(text)) return 'holidays';
  if (
    /\b(?:leave|absence) (?:types|kinds|policies|policy|rules)\b|\b(?:types|kinds|sorts) of (?:leave|absence|time off)\b/.test(
      text,
    ) ||
    /\bwhat are the rules\b|\bwhat(?:'s| is) the (?:rule|policy) (?:for|on)\b/.test(text) ||
    // "How much sick leave do we get?": what everyone is given, the leave types' rules (one's own: a balance).
    (/\bhow (?:many|much)\b.*\b(?:do|does|will) (?:we|employees|staff|people|everyone|everybody|new (?:starters?|joiners?|hires?))\s+get\b/.test(
      text,
    ) &&
      !/\b(?:wfa|anywhere|abroad|remote|from home|overtime|expenses?|budget)\b/.test(text)) ||
    /\bcarry[\s-]?over (?:rules?|policy|limits?)\b|\b(?:rules?|policy|limits?) (?:for|on) carry(?:ing)?[\s-]?over\b/.test(
      text,
    ) ||
    /^(?:list|show|what|which)\b.*\bpolicies\b(?!.*\b(?:acknowledg|sign|read)\w*)/.test(text)
  ) {
    return 'policies';
  }
  return undefined;
}

/** The name a new holiday is given: "called New Year bridge", "named 'Founders day'". */
export function holidayName(message: string): string | undefined {
  const m = /\b(?:called|named|name(?:d)? it|for)\s+["“']?([^"”']{1,100}?)["”']?\s*[.!]?$/i.exec(message.trim());
  const name = m?.[1]?.trim();
  return name && !/^(?:next|this|last)\s+year$|^\d{4}$/i.test(name) ? name : undefined;
}

const HR_ROLES = new Set(['HR_MANAGER', 'ADMIN', 'OWNER']);

interface Policy {
  name: string;
  isDefault: boolean;
  yearlyAllocationDays: number;
  allowHalfDays: boolean;
  allowNegativeBalance: boolean;
  carryOverMaxDays: number;
  minNoticeDays: number;
  requiresApproval: boolean;
}

function policyLine(p: Policy): string {
  const rules = [
    `${days(p.yearlyAllocationDays)} a year`,
    p.allowHalfDays ? 'half days allowed' : 'no half days',
    p.requiresApproval ? 'needs approval' : 'no approval needed',
    p.minNoticeDays > 0 ? `${days(p.minNoticeDays)} notice` : undefined,
    p.carryOverMaxDays > 0 ? `up to ${days(p.carryOverMaxDays)} carried over` : undefined,
    p.allowNegativeBalance ? 'may go negative' : undefined,
  ].filter(Boolean);
  return `- ${p.name}${p.isDefault ? ' (default)' : ''}: ${rules.join(', ')}`;
}

/** "What leave types are there?" */
export function planPolicies(results: TurnResult[], ctx: PlanContext): Plan {
  const done = resultsOf(results, 'list_leave_policies')[0];
  if (!done) return callTools(ctx, [{ tool: 'list_leave_policies', arguments: {} }]);
  if (!done.ok) return reply(failedRead('read the leave policies', done));
  const policies = dataOf<{ policies?: Policy[] }>(done).policies ?? [];
  if (policies.length === 0) return reply('This workspace has no active leave policies.');
  return reply(`The leave types of this workspace:\n${policies.map(policyLine).join('\n')}`);
}

/** "Bank holidays in 2027." */
export function planHolidays(year: number | undefined, results: TurnResult[], ctx: PlanContext): Plan {
  const done = resultsOf(results, 'list_public_holidays')[0];
  if (!done) return callTools(ctx, [{ tool: 'list_public_holidays', arguments: year === undefined ? {} : { year } }]);
  if (!done.ok) return reply(failedRead('read the public holidays', done));
  const list = dataOf<{ year: number; holidays?: { date: string; name: string }[] }>(done);
  const holidays = list.holidays ?? [];
  if (holidays.length === 0) return reply(`There are no public holidays in ${list.year}.`);
  const rows = holidays.map((h) => `- ${formatDayWithYear(h.date)}: ${h.name}`);
  return reply(`The public holidays of ${list.year}:\n${rows.join('\n')}`);
}

/** The one day a holiday request names, if it names exactly one. */
function oneDay(dates: DateFinding): string | undefined {
  if (dates.kind !== 'days' || dates.ranges.length !== 1) return undefined;
  const range = dates.ranges[0]!;
  return range.start === range.end ? range.start : undefined;
}

/** "Add a public holiday on 2 January 2027 called New Year bridge"; "remove the public holiday on 26 December". */
export function planHolidayChange(
  adding: boolean,
  dates: DateFinding,
  name: string | undefined,
  results: TurnResult[],
  ctx: PlanContext,
): Plan {
  if (!HR_ROLES.has(ctx.user.role)) {
    return reply("Sorry, I can't change the public holidays: only HR and administrators may. I can list them for you.");
  }
  const tool = adding ? 'add_public_holiday' : 'remove_public_holiday';
  const done = resultsOf(results, tool)[0];
  if (done) {
    if (!done.ok) return reply(failedRead(adding ? 'add the holiday' : 'remove the holiday', done));
    return reply(adding ? 'The public holiday is added.' : 'The public holiday is removed.');
  }
  const date = oneDay(dates);
  if (!date)
    return ask('dates', `Which day should I ${adding ? 'make a public holiday' : 'remove from the holidays'}?`);
  if (!adding) {
    return callTools(
      ctx,
      [{ tool, arguments: { date } }],
      `I'll remove the public holiday of ${formatDayWithYear(date)}.`,
    );
  }
  if (!name) return ask('holidayName', `What is the holiday on ${formatDayWithYear(date)} called?`);
  return callTools(
    ctx,
    [{ tool, arguments: { date, name } }],
    `I'll add ${name} on ${formatDayWithYear(date)} as a public holiday.`,
  );
}

/**
 * Work From Anywhere: "I'll work from Lisbon 3 to 14 March" asks for it (create_work_from_anywhere_request, a write
 * that waits for approval) with the country of the city; "who is abroad this week" reads list_people_abroad for the
 * day or window named. Dates go through dates.ts like leave: a day without a year is the next one to come.
 */

import { type IsoDate, MONTH_NAMES, addDays, daysBetween, formatDayWithYear, workingWeek } from './calendar';
import { type DayRange, windowOf } from './dates';
import type { Understanding } from './intents';
import { when } from './leaveViews';
import { countryName } from './places';
import { type Plan, type PlanContext, type TurnResult, ask, callTools, reply, resultsOf } from './planTypes';
import { summarisePeopleAbroad, summariseWfaCreated } from './summariseAbroad';
import { failedRead } from './summariseLists';

/** The longest window list_people_abroad takes. */
const MAX_WINDOW_DAYS = 31;

/** The days a request covers, or the question they leave open. */
function requestRanges(u: Understanding, place: string, ctx: PlanContext): Plan | DayRange[] {
  const dates = u.dates;
  switch (dates.kind) {
    case 'none':
      return ask('dates', `Which days will you work from ${place}?`);
    case 'invalid':
      return ask('dates', `I couldn't find that date in the calendar. Which days will you work from ${place}?`);
    case 'duration':
      return ask('dates', `From which day will you work from ${place} for ${dates.days} days?`);
    case 'month': {
      const month = MONTH_NAMES[dates.month - 1]!.replace(/^./, (c) => c.toUpperCase());
      return ask('month', `Which days in ${month} ${dates.year} will you work from ${place}?`);
    }
    case 'from':
      return ask('end', `From ${formatDayWithYear(dates.start)} until when?`);
    case 'week': {
      // A working week away: Monday (or today) to Friday.
      return [workingWeek(dates.monday, ctx.today)];
    }
    case 'span':
      return [{ start: dates.start, end: addDays(dates.start, dates.days - 1) }];
    case 'days':
      return dates.ranges;
  }
}

/** Plans a request to work from abroad: the question that stands in the way, the calls, or the reply. */
export function planWorkAbroad(u: Understanding, results: TurnResult[], ctx: PlanContext): Plan {
  const created = resultsOf(results, 'create_work_from_anywhere_request');
  if (created.length > 0) return reply(summariseWfaCreated(created));
  const { city, country } = u.place ?? {};
  if (city === undefined && country === undefined) {
    return ask('place', 'Where will you work from? A city and its country, for example "Lisbon, Portugal".');
  }
  if (city === undefined) return ask('place', `Which city in ${countryName(country!)} will you work from?`);
  if (country === undefined) return ask('place', `Which country is ${city} in?`);
  const place = `${city}, ${countryName(country)}`;
  const ranges = requestRanges(u, place, ctx);
  if (!Array.isArray(ranges)) return ranges;
  const past = ranges.find((r) => r.start < ctx.today);
  if (past) {
    return ask('dates', `${formatDayWithYear(past.start)} has gone: a request starts today or later. Which days?`);
  }
  const reason = u.reason !== undefined ? { reason: u.reason } : {};
  const calls = ranges.map((r) => ({
    tool: 'create_work_from_anywhere_request',
    arguments: { country, city, startDate: r.start, endDate: r.end, ...reason },
  }));
  const spans = ranges.map((r) => when(r.start, r.end)).join(' and ');
  const why = u.reason !== undefined ? `, reason: ${u.reason}` : '';
  return callTools(ctx, calls, `I'll ask to work from ${place} ${spans}${why}.`);
}

/** The day or window "who is abroad" asks about: `date` for one day, `from` and `to` for more. */
function abroadQuery(u: Understanding, ctx: PlanContext): Plan | { date: IsoDate } | { from: IsoDate; to: IsoDate } {
  if (u.dates.kind === 'invalid') return ask('dates', "I couldn't find that date in the calendar. Which days?");
  const window = windowOf(u.dates);
  const from = window.from ?? ctx.today;
  const to = window.to ?? (window.from !== undefined ? addDays(from, 6) : from);
  if (from === to) return { date: from };
  if (daysBetween(from, to) + 1 > MAX_WINDOW_DAYS) {
    return ask('dates', `I can look at up to ${MAX_WINDOW_DAYS} days at once: which week or month?`);
  }
  return { from, to };
}

/** Plans "who is abroad": the read, then who, where and when. */
export function planPeopleAbroad(u: Understanding, results: TurnResult[], ctx: PlanContext): Plan {
  const done = resultsOf(results, 'list_people_abroad')[0];
  if (done) return reply(done.ok ? summarisePeopleAbroad(done) : failedRead('look up who is abroad', done));
  const query = abroadQuery(u, ctx);
  if ('step' in query) return query;
  return callTools(ctx, [{ tool: 'list_people_abroad', arguments: query }]);
}

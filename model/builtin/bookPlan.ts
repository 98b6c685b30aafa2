/**
 * Booking leave: from an understood request to create_leave_request calls, or to the one question that stands in
 * the way (which days, which policy, working or calendar days). One call per separate run of days, so "Monday and
 * Thursday" is two requests, as the leave engine takes one range per request.
 */

import {
  type IsoDate,
  addDays,
  daysOf,
  endAfterWorkingDays,
  formatDay,
  formatDayWithYear,
  formatShortSpan,
  formatSpan,
  isWeekend,
  mondayOf,
  MONTH_NAMES,
  workingWeek,
  WEEKDAY_NAMES,
} from './calendar';
import type { DayRange } from './dates';
import type { Understanding } from './intents';
import { goneDaysQuestion } from './goneDates';
import { when } from './leaveViews';
import { mixedKindsQuestion } from './mixedLeaveKinds';
import { moveLeaveQuestion } from './moveLeave';
import { type Plan, type PlanContext, type TurnResult, ask, callTools, resultsOf, reply } from './planTypes';
import { weekendQuestion } from './pastWeekend';
import { FRACTIONAL_DAYS_QUESTION } from './fractionalDays';
import { KNOWN_POLICIES } from './policies';
import { summariseCreated } from './summarise';
import { TAKEN_BACK_QUESTION } from './takenBackDays';

/** One request to create: a range, or a start with a number of calendar days. */
type Booking = { start: IsoDate; end?: IsoDate; days?: number };

function policyOf(u: Understanding): string | undefined {
  return u.policy && 'name' in u.policy ? u.policy.name : undefined;
}

function createArguments(booking: Booking, u: Understanding): Record<string, unknown> {
  const args: Record<string, unknown> = { start_date: booking.start };
  if (booking.end !== undefined && booking.end !== booking.start) args.end_date = booking.end;
  if (booking.days !== undefined) args.days = booking.days;
  const policy = policyOf(u);
  if (policy !== undefined) args.policy = policy;
  if (u.reason !== undefined) args.reason = u.reason;
  if (u.halfDay) args.half_day = true;
  return args;
}

function describeBooking(booking: Booking): string {
  if (booking.days !== undefined) return `for ${booking.days} days from ${formatDayWithYear(booking.start)}`;
  return when(booking.start, booking.end);
}

function weekQuestion(monday: IsoDate, ctx: PlanContext): Plan {
  const thisMonday = mondayOf(ctx.today);
  const label =
    monday === thisMonday
      ? 'this week'
      : monday === addDays(thisMonday, 7)
        ? 'next week'
        : monday === addDays(thisMonday, -7)
          ? 'last week'
          : `the week of ${formatDay(monday)}`;
  const { start: first, end: friday } = workingWeek(monday, ctx.today);
  const weekdays = daysOf(first, friday).filter((day) => !isWeekend(day));
  const whole = `The whole week (${formatShortSpan(first, friday)})`;
  return ask('week', `Which days ${label}? ${whole} or some of them?`, [whole, ...weekdays.map(formatDay)]);
}

/** The question a request's dates leave open, or the bookings they make. */
function bookingsOf(u: Understanding, ctx: PlanContext): Plan | Booking[] {
  const dates = u.dates;
  switch (dates.kind) {
    case 'none':
      return ask('dates', u.halfDay ? 'Which day would you like the half day on?' : 'Which days would you like off?');
    case 'invalid':
      if (dates.readings) {
        const [dayFirst, monthFirst] = dates.readings.map(formatDayWithYear);
        return ask('dates', `Do you mean ${dayFirst!} or ${monthFirst!}? Which days would you like off?`, [
          dayFirst!,
          monthFirst!,
        ]);
      }
      if (dates.spans) {
        // A yearless range gone by lately or under way (lateDates.ts): this one (the rest of it), or next year's?
        const [thisOne, nextYears] = dates.spans.map((r) => formatSpan(r.start, r.end));
        if (dates.sunday) {
          const sunday = formatDayWithYear(dates.sunday);
          return ask(
            'dates',
            `${sunday} is a Sunday: the week before it, ${thisOne!}, or the week after, ${nextYears!}?`,
            [thisOne!, nextYears!],
          );
        }
        if (dates.weeks) {
          // Bare weekdays whose days this week are under way or gone (weekUnderWay.ts): this week's or next week's?
          const now = dates.spans[0].start === ctx.today && dates.spans[0].end === ctx.today ? 'today' : 'this week';
          return ask('dates', `Do you mean ${now}, ${thisOne!}, or next week, ${nextYears!}?`, [thisOne!, nextYears!]);
        }
        const said = dates.started
          ? `That started on ${formatDayWithYear(dates.started)}.`
          : `That went by on ${formatDayWithYear(dates.spans[0].end)}.`;
        const which = dates.started ? `the rest of it, ${thisOne!},` : `${thisOne!}`;
        return ask('dates', `${said} Do you mean ${which} or ${nextYears!}?`, [thisOne!, nextYears!]);
      }
      if (dates.gone) return goneDaysQuestion(dates.gone, ctx.today);
      if (dates.notOn) {
        const said = WEEKDAY_NAMES[dates.notOn.weekday]!.replace(/^./, (c) => c.toUpperCase());
        return ask('dates', `${formatDayWithYear(dates.notOn.date)} is not a ${said}. Which days would you like off?`);
      }
      return ask('dates', "I couldn't find that date in the calendar. Which days would you like off?");
    case 'duration': {
      const unit = `${dates.working ? 'working ' : ''}day${dates.days === 1 ? '' : 's'}`;
      return ask('dates', `Which day should the ${dates.days} ${unit} off start?`);
    }
    case 'week':
      return weekQuestion(dates.monday, ctx);
    case 'month':
      return ask(
        'month',
        `Which days in ${MONTH_NAMES[dates.month - 1]!.replace(/^./, (c) => c.toUpperCase())} ${dates.year}?`,
      );
    case 'from':
      return u.halfDay ? [{ start: dates.start }] : ask('end', `From ${formatDayWithYear(dates.start)} until when?`);
    case 'span': {
      const calendarEnd = addDays(dates.start, dates.days - 1);
      const crossesWeekend = daysOf(dates.start, calendarEnd).some(isWeekend);
      if (dates.days < 7 && crossesWeekend && !u.calendarDays) {
        const workingEnd = endAfterWorkingDays(dates.start, dates.days);
        const working = `${dates.days} working days (${formatShortSpan(dates.start, workingEnd)})`;
        const calendar = `${dates.days} calendar days (${formatShortSpan(dates.start, calendarEnd)})`;
        return ask('dayUnit', `Do you mean ${working} or ${calendar}, weekend included?`, [working, calendar]);
      }
      if (dates.days % 7 === 0 && !u.calendarDays) {
        // Whole weeks off ("two weeks from 4 January") are their working days: up to the Friday, said so on the card.
        let end = calendarEnd;
        while (end > dates.start && isWeekend(end)) end = addDays(end, -1);
        return [{ start: dates.start, end }];
      }
      return [{ start: dates.start, days: dates.days }];
    }
    case 'days':
      return halfDayOrRanges(dates.ranges, u, ctx);
  }
}

function halfDayOrRanges(ranges: DayRange[], u: Understanding, ctx: PlanContext): Plan | Booking[] {
  const single = ranges.length === 1 && ranges[0]!.start === ranges[0]!.end;
  if (u.halfDay && !single) {
    const choices = ranges.flatMap((r) => daysOf(r.start, r.end)).filter((day) => !isWeekend(day));
    return ask(
      'halfDayDay',
      'A half day is a single day: which day would you like?',
      choices.slice(0, 10).map(formatDay),
    );
  }
  const days = ranges.flatMap((r) => daysOf(r.start, r.end));
  if (days.every(isWeekend)) {
    const named = ranges.map((r) => formatSpan(r.start, r.end, ' – ')).join(' and ');
    return ask('dates', weekendQuestion(named, days, ctx.today));
  }
  return ranges.map((r) => ({ start: r.start, end: r.end }));
}

/** Plans a booking: a question, the create calls, or (once they ran) the reply saying what happened. */
export function planBooking(u: Understanding, results: TurnResult[], ctx: PlanContext): Plan {
  const created = resultsOf(results, 'create_leave_request');
  if (created.length > 0) return reply(summariseCreated(created));
  if (u.policy && 'either' in u.policy) {
    const names = u.policy.either;
    const list = `${names.slice(0, -1).join(', ')} or ${names.at(-1)!}`;
    return ask('policy', `Which leave should it be: ${list}?`, names);
  }
  if (u.policy && 'unknown' in u.policy) {
    return ask('policy', `I don't know a "${u.policy.unknown} leave" policy. Which one should I use?`, [
      ...KNOWN_POLICIES,
    ]);
  }
  if (u.mixedKinds) return mixedKindsQuestion(u.mixedKinds);
  if (u.takesBackDays) return ask('dates', TAKEN_BACK_QUESTION);
  if (u.fractionalDays) return ask('dates', FRACTIONAL_DAYS_QUESTION);
  if (u.moves) return moveLeaveQuestion();
  if (u.groupBooking) {
    return ask(
      'forWhom',
      'I book leave one person at a time. Is it for you only? (A day the whole company is off is a public holiday, which HR adds.)',
      ['Just me'],
    );
  }
  const bookings = bookingsOf(u, ctx);
  if (!Array.isArray(bookings)) return bookings;
  if (u.recurring) {
    // "Every Friday in December": a request is one stretch of days, so each day of the pattern is said, then booked.
    return ask(
      'dates',
      'I book leave for the days you name, not a repeating pattern: which days exactly? For example "4, 11 and 18 December".',
    );
  }
  if (u.roughDates) {
    // "Around Christmas" names a neighbourhood, not days: offer the days read, never book them unasked.
    const read = bookings.map(describeBooking).join(' and ');
    return ask('dates', `You said roughly ${read.replace(/^on /, '')}: which days exactly?`, [read]);
  }
  if (u.asksIfFree) {
    // "Is the 4th free to book?" asks, not books: offer the days read, book them once the person says so.
    const read = bookings.map(describeBooking).join(' and ');
    return ask('dates', `Would you like me to request leave ${read}? Your approver then decides.`, ['Yes', 'No']);
  }
  const oneDay = bookings.length === 1 && (bookings[0]!.end ?? bookings[0]!.start) === bookings[0]!.start;
  if (u.clockTime && !u.halfDay && oneDay && bookings[0]!.days === undefined) {
    // "Off from 3pm Friday": leave is taken in whole or half days, so which of them is meant.
    const day = formatDayWithYear(bookings[0]!.start);
    return ask('dayPart', `Leave is taken in whole or half days: the whole of ${day}, or half a day?`, [
      'The whole day',
      'Half a day',
    ]);
  }
  const what = policyOf(u) ?? 'leave';
  const halfDay = u.halfDay ? ' (half day)' : '';
  const reason = u.reason !== undefined ? `, reason: ${u.reason}` : '';
  const text = `I'll request ${what} ${bookings.map(describeBooking).join(' and ')}${halfDay}${reason}.`;
  return callTools(
    ctx,
    bookings.map((booking) => ({ tool: 'create_leave_request', arguments: createArguments(booking, u) })),
    text,
  );
}

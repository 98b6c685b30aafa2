/**
 * Follow-ups in a thread (issue 22, item 2): after a leave booking, "make it Tuesday instead", "and the Friday too" or
 * "cancel that" act on that booking, read from the conversation. The model keeps no state, so a follow-up is found
 * again at each step: the last user message reads as one, and the turn before it proposed exactly one
 * create_leave_request. A bare weekday means that day of the booked week ("Tuesday" after Monday 7 December is
 * Tuesday 8 December). When anything is unclear (no booking before, several, dates that are not plain days, a weekend
 * or a past day), this answers nothing and the request is read as a new one, which asks.
 *
 * A change of a booking that was made cancels it and requests the new days, two actions the person approves one by
 * one; a change of a booking the person declined only requests the new days.
 */

import { type IsoDate, MONTH_NAMES, WEEKDAY_NAMES, addDays, isWeekend, mondayOf } from './calendar';
import { type DayRange, findDates } from './dates';
import { lowerPlain } from './keywords';
import {
  type Plan,
  type PlanContext,
  type TurnResult,
  ask,
  callTools,
  dataOf,
  hasTool,
  reply,
  wasDeclined,
} from './planTypes';
import { summariseCancelled, summariseCreated } from './summarise';
import type { AgentMessage, ToolCall } from '../types';

export type FollowUpKind = 'change' | 'add' | 'cancel';

const BOOK = 'create_leave_request';
const CANCEL = 'cancel_leave_request';

/**
 * Tools whose call in the turn before makes "that" ambiguous or means something else. A cancel beside the one booking
 * is a change's own ("make it Tuesday instead"): "that" is then the new booking.
 */
const OTHER_WRITES = new Set(['decide_leave_request', 'create_company_leave_request', 'cancel_company_leave_request']);

const CANCEL_THAT =
  /^(?:(?:ok|okay|actually|sorry|hmm|oh)[,!]?\s+)*(?:please\s+)?(?:cancel|undo|withdraw|scrap|drop|delete|remove)\s+(?:that|it|this|the request|that request|the booking|that booking|the last one)(?:\s+(?:one|request|booking|leave|again))?(?:\s+(?:please|for me))?\s*[.!]*$/;
const CHANGE = /\b(?:instead|make it|change it to|change that to|move it to|move that to|switch it to|rather)\b/;
const ADD = /^(?:and|also|plus)\b|\b(?:too|as well)\s*[.!]*$/;

/** What kind of follow-up `text` is, from its words alone. */
export function followUpKindOf(text: string): FollowUpKind | undefined {
  const words = lowerPlain(text).replace(/\s+/g, ' ').trim();
  if (words.length > 120) return undefined;
  if (CANCEL_THAT.test(words)) return 'cancel';
  if (CHANGE.test(words)) return 'change';
  if (ADD.test(words)) return 'add';
  return undefined;
}

/** The booking of the turn before: its call and, once executed or declined, its result. */
interface Booking {
  call: ToolCall;
  result?: TurnResult;
}

function lastUserIndex(messages: readonly AgentMessage[]): number {
  for (let i = messages.length - 1; i >= 0; i -= 1) if (messages[i]!.role === 'user') return i;
  return -1;
}

/** The one booking proposed between the user message before `start` and `start`, if it is what that turn was about. */
function previousBooking(messages: readonly AgentMessage[], start: number): Booking | undefined {
  const opened = lastUserIndex(messages.slice(0, start));
  if (opened < 0) return undefined;
  const turn = messages.slice(opened + 1, start);
  const calls = turn.flatMap((m) => (m.role === 'assistant_tool_calls' ? m.calls : []));
  const bookings = calls.filter((c) => c.tool === BOOK);
  if (bookings.length !== 1 || calls.some((c) => OTHER_WRITES.has(c.tool))) return undefined;
  const call = bookings[0]!;
  const result = turn.find(
    (m): m is Extract<AgentMessage, { role: 'tool' }> => m.role === 'tool' && m.toolCallId === call.id,
  );
  return result
    ? { call, result: { tool: result.tool, arguments: call.arguments, ok: result.ok, result: result.result } }
    : { call };
}

/**
 * The day a bare weekday names in the booked week ("make it Tuesday instead", "and the Friday too"), when the text
 * names one weekday and nothing else that dates it (no number, month or "next").
 */
function dayOfBookedWeek(words: string, booked: IsoDate): IsoDate | undefined {
  if (/\d|\b(?:next|last|this|week|tomorrow|today)\b/.test(words)) return undefined;
  if (MONTH_NAMES.some((month) => new RegExp(`\\b${month}\\b`).test(words))) return undefined;
  const named = WEEKDAY_NAMES.filter((day) => new RegExp(`\\b${day}s?\\b`).test(words));
  if (named.length !== 1) return undefined;
  const offset = (WEEKDAY_NAMES.indexOf(named[0]!) + 6) % 7;
  return addDays(mondayOf(booked), offset);
}

/** The new days of a change or an addition: plain days, none on a weekend or before today. */
function newRanges(text: string, booked: IsoDate, ctx: PlanContext): DayRange[] | undefined {
  const day = dayOfBookedWeek(lowerPlain(text), booked);
  const found = day
    ? { kind: 'days' as const, ranges: [{ start: day, end: day }] }
    : findDates(text, { today: ctx.today });
  if (found.kind !== 'days' || found.ranges.length === 0) return undefined;
  for (const range of found.ranges) {
    if (range.start < ctx.today || (range.start === range.end && isWeekend(range.start))) return undefined;
  }
  return found.ranges;
}

/** The booking's arguments with other days: policy, reason and a half day (for one day) carry over. */
function rebooked(args: Record<string, unknown>, range: DayRange): Record<string, unknown> {
  const { start_date: _start, end_date: _end, days: _days, half_day: halfDay, ...rest } = args;
  return {
    ...rest,
    start_date: range.start,
    end_date: range.end,
    ...(halfDay === true && range.start === range.end ? { half_day: true } : {}),
  };
}

/** The calls a follow-up makes, or undefined when it cannot tell what is meant. */
function followUpCalls(
  kind: FollowUpKind,
  text: string,
  booking: Booking,
  ctx: PlanContext,
): { calls: { tool: string; arguments: Record<string, unknown> }[] } | { answer: string } | undefined {
  const made = booking.result?.ok ? dataOf<{ id?: unknown }>(booking.result) : undefined;
  const madeId = typeof made?.id === 'string' ? made.id : undefined;
  if (kind === 'cancel') {
    if (madeId) return { calls: [{ tool: CANCEL, arguments: { id: madeId } }] };
    if (booking.result && wasDeclined(booking.result))
      return { answer: 'Nothing was requested: you declined that booking, so there is nothing to cancel.' };
    if (booking.result) return { answer: 'That booking was not made, so there is nothing to cancel.' };
    return undefined;
  }
  const booked = booking.call.arguments.start_date;
  if (typeof booked !== 'string') return undefined;
  const ranges = newRanges(text, booked, ctx);
  if (!ranges) return undefined;
  if (kind === 'change' && ranges.length !== 1) return undefined;
  const calls = ranges.map((range) => ({ tool: BOOK, arguments: rebooked(booking.call.arguments, range) }));
  if (kind === 'change' && madeId) calls.push({ tool: CANCEL, arguments: { id: madeId } });
  return { calls };
}

/**
 * The step for a follow-up, or undefined when the last user message is none (the planner reads it as a request). At
 * the follow-up's first step the calls are proposed; once their results are in, the reply says what happened.
 */
export function planFollowUp(messages: readonly AgentMessage[], ctx: PlanContext): Plan | undefined {
  const start = lastUserIndex(messages);
  if (start < 0 || messages[start - 1]?.role === 'question') return undefined;
  const opening = messages[start] as Extract<AgentMessage, { role: 'user' }>;
  const kind = followUpKindOf(opening.text);
  if (!kind) return undefined;
  if (start === 0 && kind !== 'cancel') {
    // "Make it Tuesday instead" with nothing before it: what "it" is, only the person knows.
    return ask(
      'dates',
      `I don't see a booking in this conversation to ${kind === 'change' ? 'change' : 'add to'}. Which days would you like off?`,
    );
  }
  const booking = previousBooking(messages, start);
  if (!booking) return undefined;
  const planned = followUpCalls(kind, opening.text, booking, ctx);
  if (!planned) return undefined;
  if ('answer' in planned) return reply(planned.answer);
  if (!planned.calls.every((call) => hasTool(ctx, call.tool))) return undefined;

  const since = messages.slice(start + 1);
  if (since.length === 0) return callTools(ctx, planned.calls);
  // The calls were proposed at the first step: once every one has its result, say what happened.
  const proposed = since[0];
  if (proposed?.role !== 'assistant_tool_calls') return undefined;
  const results: TurnResult[] = proposed.calls.map((call) => {
    const result = since.find(
      (m): m is Extract<AgentMessage, { role: 'tool' }> => m.role === 'tool' && m.toolCallId === call.id,
    );
    return { tool: call.tool, arguments: call.arguments, ok: result?.ok ?? false, result: result?.result };
  });
  if (since.filter((m) => m.role === 'tool').length < proposed.calls.length) return undefined;
  const created = results.filter((r) => r.tool === BOOK);
  const cancelled = results.filter((r) => r.tool === CANCEL);
  return reply(
    [created.length ? summariseCreated(created) : '', cancelled.length ? summariseCancelled(cancelled, []) : '']
      .filter(Boolean)
      .join('\n'),
  );
}

/**
 * Reading the user's answer to a question in the light of the request it belongs to: the slot the question asked
 * for says how. "Tuesday" answering "which days next week?" is next week's Tuesday; "the second one" answering
 * "which request?" is the second choice offered; "sick" answering "which policy?" is Sick leave. An answer that is
 * plainly a new request ("show my balance") replaces the old one; "never mind" drops it.
 */

import { type IsoDate, daysOf, endAfterWorkingDays, isWeekend, mondayOf, workingWeek } from './calendar';
import { acceptsOffer } from './asksIfFree';
import { isCompanySlot, mergeCompanyAnswer } from './companyAnswers';
import { type DateContext, type DateFinding, findDates } from './dates';
import { type ReadingContext, type Understanding, understand } from './intents';
import { normalise } from './keywords';
import { candidatesFor, choicesFor } from './pickPlan';
import type { PlanContext, Slot, TurnResult } from './planTypes';
import { KNOWN_POLICIES, policyInAnswer } from './policies';
import { ORDINALS } from './quantities';
import { isWorkplaceSlot, mergeWorkplaceAnswer } from './workplaceAnswers';

/** The request after the answer, and whether the answer was a new request rather than an answer. */
export interface Merged {
  u: Understanding;
  fresh: boolean;
}

const DISMISS =
  /^(?:no|nope|no thanks|never ?mind|forget (?:it|that)|cancel(?: that| it)?|stop|nothing|don't|leave it|abort)[.!, ]*$/;
const FOLLOW_UP_INTENTS = new Set(['book', 'unknown', 'greeting', 'thanks', 'help', 'dismiss']);
// Requests about what already happened: a bare day in their answers is the latest one gone.
const LOOKING_BACK = new Set(['timeEntry', 'expense']);

/** The 0-based position an answer picks ("the second one", "2", "#2"), if it picks one. */
function position(text: string): number | undefined {
  const digit = /^(?:#|number |option |no\.? )?(\d{1,2})[.)]?$/.exec(text.trim());
  if (digit) return Number(digit[1]) - 1;
  for (const [word, index] of Object.entries(ORDINALS)) if (new RegExp(`\\b${word}\\b`).test(text)) return index;
  if (/\blast\b/.test(text)) return -1;
  return undefined;
}

function usable(found: DateFinding): boolean {
  return found.kind !== 'none';
}

/** The first day an answer names, for answers that start something ("from Monday"). */
function firstDay(found: DateFinding): IsoDate | undefined {
  if (found.kind === 'days') return found.ranges[0]!.start;
  if (found.kind === 'from' || found.kind === 'span') return found.start;
  return undefined;
}

function withDuration(start: IsoDate, days: number, working: boolean): DateFinding {
  return working
    ? { kind: 'days', ranges: [{ start, end: endAfterWorkingDays(start, days) }] }
    : { kind: 'span', start, days };
}

function answerDates(
  u: Understanding,
  slot: Slot | undefined,
  text: string,
  ctx: DateContext,
): DateFinding | undefined {
  const dates = u.dates;
  if (slot === 'week' && dates.kind === 'week') {
    if (/\b(?:whole|all|entire|full|every|everything)\b/.test(text)) {
      return { kind: 'days', ranges: [workingWeek(dates.monday, ctx.today)] };
    }
    const found = findDates(text, { ...ctx, week: dates.monday });
    return usable(found) ? found : undefined;
  }
  if (slot === 'month' && dates.kind === 'month') {
    const found = findDates(text, { ...ctx, month: { year: dates.year, month: dates.month } });
    return usable(found) ? found : undefined;
  }
  if (slot === 'end' && dates.kind === 'from') {
    const found = findDates(text, ctx);
    if (found.kind === 'duration') return withDuration(dates.start, found.days, found.working);
    const end = findDates(`${dates.start} to ${text.replace(/^(?:until|till|to|through|up to)\s+/, '')}`, ctx);
    return end.kind === 'days' ? end : undefined;
  }
  if (slot === 'dayUnit' && dates.kind === 'span') {
    if (/\b(?:working|business|week ?days?)\b/.test(text)) return withDuration(dates.start, dates.days, true);
    return undefined;
  }
  if (slot === 'halfDayDay' && dates.kind === 'days') {
    const offered = dates.ranges.flatMap((r) => daysOf(r.start, r.end)).filter((day) => !isWeekend(day));
    const index = position(text);
    const picked =
      index !== undefined ? offered.at(index) : firstDay(findDates(text, { ...ctx, week: mondayOf(offered[0]!) }));
    return picked ? { kind: 'days', ranges: [{ start: picked, end: picked }] } : undefined;
  }
  const found = findDates(text, ctx);
  if (dates.kind === 'duration') {
    const start = firstDay(found);
    return start ? withDuration(start, dates.days, dates.working) : undefined;
  }
  return usable(found) ? found : undefined;
}

function pickFrom(u: Understanding, text: string, results: TurnResult[], ctx: PlanContext): Understanding {
  const candidates = candidatesFor(u, results, ctx) ?? [];
  const labels = choicesFor(u, candidates).map((label) => normalise(label));
  if (/\b(?:all|both|every|each)\b/.test(text)) return { ...u, all: true };
  const index = position(text);
  let picked = index !== undefined ? candidates.at(index) : undefined;
  picked ??= candidates.find((_, i) => labels[i] === text || labels[i]!.includes(text) || text.includes(labels[i]!));
  if (!picked) {
    const day = firstDay(findDates(text, { today: ctx.today }));
    const onDay = day ? candidates.filter((c) => c.start_date <= day && day <= c.end_date) : [];
    if (onDay.length === 1) picked = onDay[0];
  }
  if (!picked) {
    const words = text.split(/[^a-z0-9]+/).filter((w) => w.length >= 3 && !/^(?:the|one|request|leave)$/.test(w));
    const matching = candidates.filter((_, i) => words.length > 0 && words.every((w) => labels[i]!.includes(w)));
    if (matching.length === 1) picked = matching[0];
  }
  return picked ? { ...u, pick: picked.id } : u;
}

function externalArguments(u: Understanding, answer: string): Understanding {
  const call = u.external;
  if (!call || call.missing.length === 0) return u;
  const args = { ...call.arguments };
  const pairs = [...answer.matchAll(/\b([A-Za-z_][\w-]*)\s*[=:]\s*("([^"]*)"|[^\s,;]+)/g)];
  if (pairs.length === 0 && call.missing.length === 1) args[call.missing[0]!] = answer.trim();
  for (const m of pairs) args[m[1]!] = m[3] ?? m[2]!;
  return { ...u, external: { ...call, arguments: args, missing: call.missing.filter((name) => !(name in args)) } };
}

/** Merges the answer to the question asked for `slot` into the request `u`. */
export function mergeAnswer(
  u: Understanding,
  slot: Slot | undefined,
  answer: string,
  results: TurnResult[],
  ctx: PlanContext & ReadingContext,
): Merged {
  const text = normalise(answer);
  if (DISMISS.test(text)) return { u: { ...u, intent: 'dismiss' }, fresh: false };
  const fresh = understand(answer, ctx);
  // Two kinds of leave asked about (mixedLeaveKinds.ts): the answer, or the offer it picks, is a request of its own.
  if (u.mixedKinds) {
    const index = position(text);
    const picked = index !== undefined ? u.mixedKinds.at(index) : undefined;
    return { u: picked !== undefined ? understand(picked, ctx) : fresh, fresh: true };
  }
  if (!FOLLOW_UP_INTENTS.has(fresh.intent) && fresh.intent !== u.intent) return { u: fresh, fresh: true };
  // "Book it" answering "what should I do for those days?": the answer's request, on the days first said.
  if (u.intent === 'unknown' && fresh.intent !== 'unknown') {
    return { u: { ...fresh, dates: fresh.dates.kind === 'none' ? u.dates : fresh.dates }, fresh: true };
  }
  if (slot === 'pick') return { u: pickFrom(u, text, results, ctx), fresh: false };
  if (slot === 'external') return { u: externalArguments(u, answer), fresh: false };
  if (slot === 'forWhom') {
    // "Is it for you only?": yes books the user's own leave; anything else books nothing.
    const mine = /^(?:yes|yeah|yep|sure|ok|okay|correct)\b|\b(?:just|only) me\b|^(?:me|myself|mine)\b|\bfor me\b/;
    return mine.test(text)
      ? { u: { ...u, groupBooking: undefined }, fresh: false }
      : { u: { ...u, intent: 'dismiss' }, fresh: false };
  }
  if (slot === 'dayPart') {
    const half = /\bhalf\b|\bmorning\b|\bafternoon\b|\b(?:am|pm)\b/.test(text);
    return { u: { ...u, halfDay: half, clockTime: undefined }, fresh: false };
  }
  if (slot === 'employee')
    return { u: { ...u, subject: { kind: 'person', name: answer.trim().slice(0, 100) } }, fresh: false };
  if (slot === 'holidayName') return { u: { ...u, holidayName: answer.trim().slice(0, 100) }, fresh: false };
  if (isCompanySlot(slot)) return { u: mergeCompanyAnswer(u, slot, text, answer), fresh: false };
  if (isWorkplaceSlot(slot)) return { u: mergeWorkplaceAnswer(u, slot, text, answer), fresh: false };
  let merged: Understanding = { ...u, halfDay: u.halfDay || fresh.halfDay };
  if (slot === 'policy' || (fresh.policy && !u.policy)) {
    const index = position(text);
    const name = policyInAnswer(text) ?? (index !== undefined ? KNOWN_POLICIES.at(index) : undefined);
    if (name) merged.policy = { name };
    else if (fresh.policy) merged.policy = fresh.policy;
  }
  if (slot === 'dayUnit' && /\b(?:calendar|consecutive|weekend)\b/.test(text)) merged.calendarDays = true;
  if (fresh.reason && !merged.reason) merged.reason = fresh.reason;
  const dates = answerDates(u, slot, text, { today: ctx.today, past: LOOKING_BACK.has(u.intent) });
  // Days answered are the days to book: a move asked about ("which days instead?") is answered too.
  if (dates) {
    const { roughDates, recurring, takesBackDays, fractionalDays } = fresh;
    merged = { ...merged, dates, roughDates, recurring, takesBackDays, fractionalDays, moves: undefined };
  }
  // Days offered back to a question ("is Friday free?"): days answered, or a yes, say to book them.
  if (u.asksIfFree && slot === 'dates' && (dates || acceptsOffer(answer))) delete merged.asksIfFree;
  return { u: merged, fresh: false };
}

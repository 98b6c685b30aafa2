/**
 * "Correct my clock out yesterday to 18:00", "change my clock in time today to 8:30", "clock me out at 5pm", "what
 * time did I clock in today": clock words about a time other than now, or a question about the clock. The live
 * clock (clock_in, clock_out) records only the moment it is used, so these must never run it. A correction, another
 * day or a question reads that day's entries (list_time_entries) so the user sees them; a correction is told that a
 * time correction changes a past time. A time of day alone says the clock takes none. Why a rule: each of these
 * clocked the user in or out at once.
 */

import { findDates, windowOf } from './dates';
import type { Understanding } from './intents';
import { normalise } from './keywords';
import { newRequestText } from './newRequestText';
import { summariseRead } from './classifiedPlan';
import { type Plan, type PlanContext, type TurnResult, callTools, hasTool, reply, resultsOf } from './planTypes';
import type { AgentMessage } from '../types';

const CORRECTION =
  /\b(?:correct|correcting|fix|fixing|change|changing|wrong|wrongly|should (?:have been|be)|edit|update|amend|adjust|mistake)\b/;
// "What time did I clock in today", "did I clock out yesterday": a question about the clock, answered by the entries.
const QUESTION = /^(?:what time|when|at what time|did i|have i|had i|was i|am i|how long)\b/;
const TIME_OF_DAY = /\b\d{1,2}(?::\d{2})?\s*(?:am|pm)\b|\b\d{1,2}[:h.]\d{2}\b|\b(?:at|to|till|until|by) \d{1,2}\b/;

const HOW =
  'The clock only records the moment you clock in or out. A past time is changed by a time correction (the ' +
  'right start and end and a reason, for your approver), which I cannot prepare from this request yet.';

/**
 * The step for a clock request about a time other than now (`messages` end with it, or with its read's result), or
 * undefined when it is a live clock action.
 */
export function planPastClocking(
  messages: readonly AgentMessage[],
  results: TurnResult[],
  u: Understanding,
  ctx: PlanContext,
): Plan | undefined {
  if (u.intent !== 'clock') return undefined;
  const text = newRequestText(messages);
  if (text === undefined) return undefined;
  const normalised = normalise(text);
  // The clock's understanding keeps no days (a live action has none): read them here, as days gone by.
  const dates = findDates(normalised, { today: ctx.today, past: true });
  const window = dates.kind === 'none' || dates.kind === 'invalid' ? {} : windowOf(dates);
  const from = window.from ?? ctx.today;
  const to = window.to ?? from;
  const otherDay = from !== ctx.today || to !== ctx.today;
  const corrects = CORRECTION.test(normalised) || QUESTION.test(normalised);
  if (!corrects && !otherDay) {
    if (!TIME_OF_DAY.test(normalised)) return undefined;
    return reply(`I can only clock you in or out now, not at a time you say. ${HOW}`);
  }
  const tool = ctx.tools.find((t) => t.name === 'list_time_entries');
  if (!tool || from > ctx.today || !hasTool(ctx, 'list_time_entries')) return reply(HOW);
  const done = resultsOf(results, tool.name)[0];
  if (!done) return callTools(ctx, [{ tool: tool.name, arguments: { from, to: to > ctx.today ? ctx.today : to } }]);
  return reply(QUESTION.test(normalised) ? summariseRead(tool, done) : `${summariseRead(tool, done)}\n\n${HOW}`);
}

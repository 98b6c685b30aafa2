/**
 * "Is it ok to claim 40 EUR for a taxi", "am I allowed to expense a 200 EUR hotel night": a question whether an
 * expense may be claimed, answered by the expense categories (their limit per line, when a receipt is needed), not a
 * claim made. "Can I claim…" stays a request, as "can I take Friday off" is one. Why a rule: the amount made these a
 * new claim, submitted at once.
 */

import { summariseRead } from './classifiedPlan';
import { normalise } from './keywords';
import { newRequestText } from './newRequestText';
import { type Plan, type PlanContext, type TurnResult, callTools, reply, resultsOf } from './planTypes';
import type { AgentMessage } from '../types';

const ASKS_ALLOWED =
  /^(?:is it (?:ok|okay|fine|alright|allowed|possible)|am i allowed|are we allowed|would it be (?:ok|okay|fine)|is there a limit) (?:to |for )?(?:claim|expense|get reimbursed|be reimbursed|reimburse)\b|^(?:is|are|would) (?:a |an |the )?.*\b(?:claimable|reimbursable|expensable|within (?:the )?(?:limit|policy))\b/;

/** Whether `text` (normalised) asks whether an expense may be claimed. */
export function asksIfClaimable(text: string): boolean {
  return ASKS_ALLOWED.test(text);
}

/**
 * The step for a question whether an expense may be claimed (`messages` end with it, or with its read's result), or
 * undefined when the turn asks something else.
 */
export function planExpenseAllowed(
  messages: readonly AgentMessage[],
  results: TurnResult[],
  ctx: PlanContext,
): Plan | undefined {
  const text = newRequestText(messages);
  const tool = ctx.tools.find((t) => t.name === 'list_expense_categories');
  if (text === undefined || !tool || !asksIfClaimable(normalise(text))) return undefined;
  const done = resultsOf(results, tool.name)[0];
  if (done)
    return reply(
      `${summariseRead(tool, done)}\n\nTo claim it, say what, how much and when ("claim 40 EUR taxi yesterday").`,
    );
  if (results.length > 0) return undefined;
  return callTools(ctx, [{ tool: tool.name, arguments: {} }]);
}

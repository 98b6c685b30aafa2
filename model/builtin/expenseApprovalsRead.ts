/**
 * "Pending expense approvals", "expense claims waiting for me", "my expense claims waiting for approval": a read of
 * the claims waiting for a decision, not a new claim. Someone who decides (a manager, HR) reads their approvals
 * inbox of expense claims; an employee, or anyone saying "my expense claims", reads their own submitted claims. Why a
 * rule: the expense words made these the start of a claim, which asked for its category.
 */

import { summariseInbox } from './approvalsInbox';
import { summariseRead } from './classifiedPlan';
import { normalise } from './keywords';
import { type Plan, type PlanContext, type TurnResult, callTools, reply } from './planTypes';
import type { AgentMessage } from '../types';
import { newRequestText } from './newRequestText';

const EXPENSES = /\bexpenses?\b|\bexpense claims?\b/;
const WAITING =
  /\b(?:approvals?|to approve|to sign off|waiting for (?:me|my|approval|a decision)|awaiting (?:my )?(?:approval|decision|sign ?off)|pending|need(?:s|ing)? (?:my )?approval)\b/;
// A decision ("approve the pending expense claims") or an amount (a claim being made) is something else.
const NOT_A_READ = /^(?:approve|accept|reject|decline|deny|refuse|submit|claim|file|add|create)\b|\d/;
const OWN =
  /\bmy (?:(?:pending|submitted|open|outstanding) )?(?:expenses?|expense claims?|claims?)\b|\b(?:i|i've) (?:submitted|claimed|filed)\b/;

/** The read `text` (normalised) asks for, or undefined when it is no question about expense claims waiting. */
export function waitingExpensesRead(
  text: string,
  ctx: PlanContext,
): { tool: string; arguments: Record<string, string> } | undefined {
  if (!EXPENSES.test(text) || !WAITING.test(text) || NOT_A_READ.test(text)) return undefined;
  if (ctx.user.role === 'EMPLOYEE' || OWN.test(text)) {
    return { tool: 'list_expense_claims', arguments: { status: 'SUBMITTED' } };
  }
  return { tool: 'list_approvals', arguments: { requestType: 'expense_claim' } };
}

/**
 * The step for a question about expense claims waiting for a decision (`messages` end with it, or with its read's
 * result), or undefined when the turn is not one.
 */
export function planWaitingExpenses(
  messages: readonly AgentMessage[],
  results: readonly TurnResult[],
  ctx: PlanContext,
): Plan | undefined {
  const text = newRequestText(messages);
  if (text === undefined) return undefined;
  const read = waitingExpensesRead(normalise(text), ctx);
  const tool = ctx.tools.find((t) => t.name === read?.tool);
  if (!read || !tool) return undefined;
  const done = results.find((r) => r.tool === tool.name);
  if (done) return reply(tool.name === 'list_approvals' && done.ok ? summariseInbox(done) : summariseRead(tool, done));
  if (results.length > 0) return undefined;
  return callTools(ctx, [read]);
}

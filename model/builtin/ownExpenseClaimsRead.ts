/**
 * "Has my expense claim been approved", "was my claim reimbursed", "my draft expenses", "list my expense reports": a
 * read of the user's own expense claims (list_expense_claims), with the status the words name when they name one as
 * a kind of claim ("my draft expenses"); a question about what became of a claim reads them all, so that a claim
 * still waiting shows too. Why a rule: the questions read the user's leave requests or asked a new claim's category,
 * and the noun phrases asked whether review cycles were meant.
 */

import { summariseRead } from './classifiedPlan';
import { normalise } from './keywords';
import { newRequestText } from './newRequestText';
import { type Plan, type PlanContext, type TurnResult, callTools, resultsOf, reply } from './planTypes';
import type { AgentMessage } from '../types';

const CLAIMS = '(?:expense claims?|expense reports?|expenses?|claims?|reimbursements?)';
const STATUS_QUESTION = new RegExp(
  `^(?:has|have|was|were|is|are|when (?:will|was|is|are|do|does)|what(?:'s| is| are) the status of|status of|where (?:is|are)) (?:my|all my|any of my) (?:[a-z]+ )?${CLAIMS}\\b(?! (?:for|of|on) \\d)`,
);
const STATUSES: Record<string, string> = {
  draft: 'DRAFT',
  drafts: 'DRAFT',
  unsent: 'DRAFT',
  submitted: 'SUBMITTED',
  approved: 'APPROVED',
  rejected: 'REJECTED',
  reimbursed: 'REIMBURSED',
  paid: 'REIMBURSED',
};
const LISTED = new RegExp(
  `^(?:(?:show|list|see|give)(?: me)? )?(?:all )?my (?:(${Object.keys(STATUSES).join('|')}) )?(?:expense claims|expense reports|expenses|claims)\\s*[?.!]*$`,
);

/** The list_expense_claims arguments `text` (normalised) asks for, or undefined when it asks something else. */
export function ownClaimsAsked(text: string): Record<string, string> | undefined {
  if (/\d/.test(text)) return undefined;
  if (STATUS_QUESTION.test(text)) return {};
  const listed = LISTED.exec(text);
  if (!listed) return undefined;
  const status = listed[1] ? STATUSES[listed[1]] : undefined;
  return status ? { status } : {};
}

/**
 * The step for a read of the user's own expense claims (`messages` end with it, or with its result), or undefined when
 * the turn asks something else.
 */
export function planOwnExpenseClaims(
  messages: readonly AgentMessage[],
  results: readonly TurnResult[],
  ctx: PlanContext,
): Plan | undefined {
  const text = newRequestText(messages);
  if (text === undefined) return undefined;
  const args = ownClaimsAsked(normalise(text));
  const tool = ctx.tools.find((t) => t.name === 'list_expense_claims');
  if (!args || !tool) return undefined;
  const done = resultsOf([...results], tool.name)[0];
  if (done) return reply(summariseRead(tool, done));
  if (results.length > 0) return undefined;
  return callTools(ctx, [{ tool: tool.name, arguments: args }]);
}

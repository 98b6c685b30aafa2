/** The reply after create_expense_claim: the claim, its total as money, its status and any flag for the approvers. */

import { formatMoney } from '../../lib/money/money';
import { sentence } from './leaveViews';
import { type TurnResult, dataOf, errorOf, wasDeclined } from './planTypes';

interface Claim {
  title: string;
  status: string;
  total: { amountMinor: number; currency: string };
  flags?: string[];
}

const FLAGS: Record<string, string> = {
  over_limit: "a line is above its category's limit, flagged for the approvers",
  limit_in_other_currency: "a line's category limit is in another currency, flagged for the approvers",
};

/** The reply after create_expense_claim calls. */
export function summariseExpenseClaims(results: TurnResult[]): string {
  return results
    .map((result) => {
      const title = typeof result.arguments.title === 'string' ? `"${result.arguments.title}"` : '';
      if (wasDeclined(result)) return `Nothing was done: you declined the expense claim ${title}.`.replace(' .', '.');
      if (!result.ok) return sentence(`I couldn't claim the expense: ${errorOf(result).message}`);
      const { claim } = dataOf<{ claim: Claim }>(result);
      const total = formatMoney(claim.total.amountMinor, claim.total.currency);
      const state =
        claim.status === 'DRAFT'
          ? `I've saved your expense claim "${claim.title}" for ${total} as a DRAFT: submit it when you are ready.`
          : claim.status === 'SUBMITTED'
            ? `I've submitted your expense claim "${claim.title}" for ${total}: it is SUBMITTED, waiting for approval.`
            : `Your expense claim "${claim.title}" for ${total} is ${claim.status}.`;
      const notes = (claim.flags ?? []).map((flag) => ` Note: ${FLAGS[flag] ?? flag}.`).join('');
      return state + notes;
    })
    .join('\n');
}

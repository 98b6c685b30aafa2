/**
 * Acting on one of the user's existing expense claims: "submit my draft expense claim", "withdraw my expense claim",
 * "delete my draft taxi claim". list_expense_claims of the status the act needs (a draft to submit or delete, a
 * submitted claim to withdraw), then the act on the one claim of the user's the words leave (or on the claim whose
 * title holds the other words said), put up for approval; several, they are listed to pick from. Why a rule: these
 * started a new claim (asking its category) or were not understood.
 */

import { normalise } from './keywords';
import { type Plan, type PlanContext, type TurnResult, callTools, dataOf, errorOf, hasTool, reply } from './planTypes';
import type { AgentMessage } from '../types';
import { newRequestText } from './newRequestText';

interface Act {
  pattern: RegExp;
  tool: string;
  status: 'DRAFT' | 'SUBMITTED';
  done: string;
  /** Said after "you have no such claim": what the user may have meant instead. */
  otherwise?: string;
}

const CLAIM = '(?:expense )?(?:claims?|expenses?)';
const ACTS: Act[] = [
  {
    // "my" or "the" names a claim that exists ("submit my expense report"); "submit an expense" starts one.
    pattern: new RegExp(
      `^(?:please )?(?:submit|send(?: in| off)?) (?:(?:my |the )?(?:draft|saved|unsent|pending draft) |my |the )(?:[a-z]+ )?${CLAIM}\\b`,
    ),
    tool: 'submit_expense_claim',
    status: 'DRAFT',
    done: 'submitted',
    otherwise: ' To claim a new expense, tell me what it was, the amount and the day.',
  },
  {
    // "Cancel my expense claim": a submitted claim is taken back (a draft is only ever deleted by name).
    pattern: new RegExp(
      `^(?:please )?(?:withdraw|take back|pull back|recall|cancel) (?:my |the )?(?:[a-z]+ )?${CLAIM}\\b`,
    ),
    tool: 'withdraw_expense_claim',
    status: 'SUBMITTED',
    done: 'withdrawn (back to draft)',
  },
  {
    pattern: new RegExp(`^(?:please )?(?:delete|discard|remove) (?:my |the )?(?:draft )?(?:[a-z]+ )?${CLAIM}\\b`),
    tool: 'delete_expense_claim',
    status: 'DRAFT',
    done: 'deleted',
  },
];
const FILLER = new Set(
  'please submit send in off for approval withdraw cancel take back pull recall delete discard remove my the draft saved unsent pending expense expenses claim claims report reports'.split(
    ' ',
  ),
);

interface Claim {
  id: string;
  employeeName: string;
  title: string;
  status: string;
}

/** The act `text` (normalised) asks for on an existing claim, with the words that may name it; or undefined. */
export function claimActAsked(text: string): { act: Act; words: string[] } | undefined {
  if (/\d/.test(text)) return undefined;
  const act = ACTS.find((a) => a.pattern.test(text));
  if (!act) return undefined;
  return { act, words: (text.match(/[a-z]+/g) ?? []).filter((w) => !FILLER.has(w)) };
}

/**
 * The step for an act on one of the user's expense claims (`messages` end with it, or with its calls' results), or
 * undefined when the turn is not one.
 */
export function planExpenseClaimAct(
  messages: readonly AgentMessage[],
  results: readonly TurnResult[],
  ctx: PlanContext,
): Plan | undefined {
  const text = newRequestText(messages);
  if (text === undefined) return undefined;
  const asked = claimActAsked(normalise(text));
  if (!asked || !hasTool(ctx, 'list_expense_claims') || !hasTool(ctx, asked.act.tool)) return undefined;
  const { act, words } = asked;
  const acted = results.find((r) => r.tool === act.tool);
  if (acted) return reply(acted.ok ? `Done: the claim is ${act.done}.` : `I couldn't: ${errorOf(acted).message}`);
  const listed = results.find((r) => r.tool === 'list_expense_claims');
  if (!listed) return callTools(ctx, [{ tool: 'list_expense_claims', arguments: { status: act.status } }]);
  if (!listed.ok) return reply(`I couldn't read your expense claims: ${errorOf(listed).message}`);
  const own = (dataOf<{ claims?: Claim[] }>(listed).claims ?? []).filter(
    (c) => c.employeeName === ctx.user.name && c.status === act.status,
  );
  const named = words.length ? own.filter((c) => words.every((w) => c.title.toLowerCase().includes(w))) : own;
  const status = act.status === 'DRAFT' ? 'draft' : 'submitted';
  const titles = (claims: Claim[]) => claims.map((c) => `- ${c.title}`).join('\n');
  if (own.length === 0) return reply(`You have no ${status} expense claim.${act.otherwise ?? ''}`);
  // Words that name none of the claims (a month, a trip) may still mean one of them: show them to pick from.
  if (named.length === 0)
    return reply(
      `None of your ${status} expense claims is titled "${words.join(' ')}". You have:\n${titles(own)}\n` +
        `Which one? Say its title.${act.otherwise ?? ''}`,
    );
  if (named.length > 1)
    return reply(`You have ${named.length} ${status} expense claims:\n${titles(named)}\nWhich one? Say its title.`);
  const claim = named[0]!;
  return callTools(
    ctx,
    [{ tool: act.tool, arguments: { id: claim.id } }],
    `I'll ${act.tool.split('_')[0]} "${claim.title}".`,
  );
}

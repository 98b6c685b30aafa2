/**
 * Approving or rejecting a request that is no leave ("approve the expense claim from carol", "reject carol's expense
 * claim, reason: no receipt"): such requests wait in the approval flows' inbox, not the leave inbox, so the model
 * reads list_approvals of that request type, then puts approve_approval / reject_approval of the one approval the
 * user names up for approval (or shows the pending ones to pick from). The leave inbox would show the wrong requests.
 */

import type { Understanding } from './intents';
import { nameMatches } from './leaveViews';
import { inboxFilters, summariseInbox } from './approvalsInbox';
import {
  type Plan,
  type PlanContext,
  type TurnResult,
  callTools,
  dataOf,
  errorOf,
  hasTool,
  reply,
  resultsOf,
} from './planTypes';

interface PendingApproval {
  id: string;
  requestType: string;
  summary: string;
  requester?: { name?: string };
}

/** `u` with the inbox filters of a decision (the intents set them for inbox reads only): the kind of request decided. */
export function withDecisionInbox(u: Understanding, message: string): Understanding {
  if (u.intent !== 'decide' || u.inbox) return u;
  const inbox = inboxFilters(message.toLowerCase());
  return inbox?.requestType ? { ...u, inbox: { requestType: inbox.requestType } } : u;
}

/** The request type of a decision that belongs to the approval flows' inbox, or undefined for leave. */
export function otherDecisionType(u: Understanding, ctx: PlanContext): string | undefined {
  const type = u.intent === 'decide' ? u.inbox?.requestType : undefined;
  if (!type || type === 'leave') return undefined;
  return hasTool(ctx, 'list_approvals') ? type : undefined;
}

function namesPerson(approval: PendingApproval, person: string): boolean {
  const name = approval.requester?.name;
  return name !== undefined && nameMatches(name, person);
}

/** Plans a decision on a request of `requestType`: read the inbox of that type, then decide the one named. */
export function planOtherDecision(
  u: Understanding,
  requestType: string,
  results: TurnResult[],
  ctx: PlanContext,
): Plan {
  const what = requestType.replace(/_/g, ' ');
  const decided = [...resultsOf(results, 'approve_approval'), ...resultsOf(results, 'reject_approval')][0];
  if (decided) {
    if (!decided.ok) return reply(`I couldn't ${u.decision ?? 'approve'} the ${what}: ${errorOf(decided).message}`);
    return reply(`Done: the ${what} is ${u.decision === 'reject' ? 'rejected' : 'approved'}.`);
  }
  const listed = resultsOf(results, 'list_approvals')[0];
  if (!listed) return callTools(ctx, [{ tool: 'list_approvals', arguments: { requestType } }]);
  if (!listed.ok) return reply(`I couldn't read your approvals: ${errorOf(listed).message}`);
  const pending = dataOf<{ approvals?: PendingApproval[] }>(listed).approvals ?? [];
  const person = u.person;
  const named = person ? pending.filter((a) => namesPerson(a, person)) : pending;
  const tool = u.decision === 'reject' ? 'reject_approval' : 'approve_approval';
  if (named.length === 1 && hasTool(ctx, tool)) {
    const approval = named[0]!;
    const comment = u.comment ? ` with the comment "${u.comment}"` : '';
    return callTools(
      ctx,
      [{ tool, arguments: { id: approval.id, ...(u.comment ? { comment: u.comment } : {}) } }],
      `I'll ${u.decision ?? 'approve'} ${approval.summary}${comment}.`,
    );
  }
  if (named.length === 0 && person) return reply(`No ${what} from ${person} is waiting for your decision.`);
  return reply(`${summariseInbox(listed)}\nWhich one should I ${u.decision ?? 'approve'}?`);
}

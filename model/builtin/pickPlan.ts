/**
 * Acting on an existing request (cancel one of mine, approve or reject one waiting for me) takes two steps: list
 * the requests, then act on the one the user means. When several match, the model asks which, offering them as
 * choices; the answer picks one by position, date or wording (see `answers.ts`).
 */

import { windowOf } from './dates';
import type { Understanding } from './intents';
import { type LeaveRequestView, describeRequest, isOwn, nameMatches, overlaps, when } from './leaveViews';
import {
  type Plan,
  type PlanContext,
  type TurnResult,
  ask,
  callTools,
  dataOf,
  errorOf,
  reply,
  resultsOf,
} from './planTypes';
import { summariseCancelled, summariseDecided } from './summarise';

/** How the two acts differ: which list to read, which requests qualify, which call to make. */
interface Act {
  listTool: string;
  actTool: string;
  listArguments: (u: Understanding) => Record<string, unknown>;
  qualifies: (request: LeaveRequestView, u: Understanding, ctx: PlanContext) => boolean;
  label: (request: LeaveRequestView) => string;
}

const CANCEL: Act = {
  listTool: 'list_leave_requests',
  actTool: 'cancel_leave_request',
  listArguments: (u) => ({ ...(u.status ? { status: u.status } : {}), ...windowArguments(u) }),
  qualifies: (request, u, ctx) =>
    isOwn(request, ctx.user.name) &&
    // Only PENDING requests, or APPROVED ones not yet started, can be cancelled (the API answers 409 otherwise).
    (request.status === 'PENDING' || (request.status === 'APPROVED' && request.start_date > ctx.today)) &&
    (u.status === undefined || request.status === u.status),
  label: (request) => `${describeRequest(request)} (${request.status})`,
};

const DECIDE: Act = {
  listTool: 'list_leave_approvals',
  actTool: 'decide_leave_request',
  listArguments: () => ({}),
  qualifies: (request, u) => u.person === undefined || nameMatches(request.employee_name, u.person),
  label: (request) => `${request.employee_name}: ${describeRequest(request)}`,
};

function windowArguments(u: Understanding): { from?: string; to?: string } {
  const window = windowOf(u.dates);
  return { ...(window.from ? { from: window.from } : {}), ...(window.to ? { to: window.to } : {}) };
}

function actOf(u: Understanding): Act {
  return u.intent === 'cancel' ? CANCEL : DECIDE;
}

/**
 * The requests the user may mean, once the list was read (undefined before). Shared with the answer reader, so a
 * pick by position means the same list the question offered.
 */
export function candidatesFor(
  u: Understanding,
  results: TurnResult[],
  ctx: PlanContext,
): LeaveRequestView[] | undefined {
  const act = actOf(u);
  const listed = resultsOf(results, act.listTool)[0];
  if (!listed?.ok) return undefined;
  const window = windowOf(u.dates);
  const requests = dataOf<{ requests?: LeaveRequestView[] }>(listed).requests ?? [];
  return requests.filter(
    (r) => act.qualifies(r, u, ctx) && overlaps(r, window) && (u.pick === undefined || r.id === u.pick),
  );
}

/** The choices a pick question offers for `candidates`. */
export function choicesFor(u: Understanding, candidates: LeaveRequestView[]): string[] {
  return candidates.map(actOf(u).label);
}

function actArguments(u: Understanding, request: LeaveRequestView): Record<string, unknown> {
  if (u.intent === 'cancel') return { id: request.id };
  return { id: request.id, decision: u.decision ?? 'approve', ...(u.comment ? { comment: u.comment } : {}) };
}

function actText(u: Understanding, requests: LeaveRequestView[]): string {
  const parts = requests.map((r) => `${r.policy} ${when(r.start_date, r.end_date)}`);
  if (u.intent === 'cancel') return `I'll cancel your ${parts.join(' and your ')}.`;
  const whose = requests.map((r, i) => `${r.employee_name}'s ${parts[i]}`).join(' and ');
  const comment = u.comment ? ` with the comment "${u.comment}"` : '';
  return `I'll ${u.decision ?? 'approve'} ${whose}${comment}.`;
}

function nothingFound(u: Understanding): string {
  if (u.intent === 'cancel') {
    const window = windowOf(u.dates);
    const range = window.from ? ` ${when(window.from, window.to)}` : '';
    return `I found no leave request of yours${range} that can be cancelled (only PENDING ones, or APPROVED ones not yet started, can).`;
  }
  return u.person ? `Nothing from ${u.person} is waiting for your decision.` : 'Nothing is waiting for your decision.';
}

/** Plans a cancel or a decision: list, then act (or ask which), then reply. */
export function planPick(u: Understanding, results: TurnResult[], ctx: PlanContext): Plan {
  const act = actOf(u);
  const done = resultsOf(results, act.actTool);
  const listed = resultsOf(results, act.listTool)[0];
  const known = listed?.ok ? (dataOf<{ requests?: LeaveRequestView[] }>(listed).requests ?? []) : [];
  if (done.length > 0)
    return reply(u.intent === 'cancel' ? summariseCancelled(done, known) : summariseDecided(done, known));
  if (!listed) return callTools(ctx, [{ tool: act.listTool, arguments: act.listArguments(u) }]);
  if (!listed.ok) return reply(`I couldn't read the requests: ${errorOf(listed).message}`);
  const candidates = candidatesFor(u, results, ctx) ?? [];
  if (candidates.length === 0) return reply(nothingFound(u));
  if (candidates.length > 1 && !u.all) {
    const text =
      u.intent === 'cancel'
        ? `You have ${candidates.length} requests that could be cancelled. Which one?`
        : `${candidates.length} requests are waiting for your decision. Which one?`;
    return ask('pick', text, choicesFor(u, candidates));
  }
  return callTools(
    ctx,
    candidates.map((request) => ({ tool: act.actTool, arguments: actArguments(u, request) })),
    actText(u, candidates),
  );
}

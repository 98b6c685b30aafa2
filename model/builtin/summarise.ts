/**
 * Replies after write actions (create, cancel, decide): what happened, in one sentence per action. A declined action
 * ("rejected_by_user" from the approval gate) says that nothing was done; another failure says why, in the API's own
 * words, so the user can fix the request and ask again.
 */

import { formatDayWithYear } from './calendar';
import { type LeaveRequestView, sentence, when, workingDays } from './leaveViews';
import { type TurnResult, dataOf, errorOf, wasDeclined } from './planTypes';

interface Created {
  status: string;
  policy: string;
  start_date: string;
  end_date: string;
  total_days: number;
  warnings?: { code: string; message: string }[];
}

function statusSentence(status: string): string {
  if (status === 'PENDING') return 'It is PENDING, waiting for approval.';
  if (status === 'APPROVED') return 'It is APPROVED: this policy needs no approval.';
  return `Its status is ${status}.`;
}

/** What was asked, from the call's own arguments: a failed call has no result to describe it. */
function askedFor(args: Record<string, unknown>): string {
  const policy = typeof args.policy === 'string' ? args.policy : 'leave';
  const start = String(args.start_date);
  if (typeof args.days === 'number') return `${policy} for ${args.days} days from ${formatDayWithYear(start)}`;
  const end = typeof args.end_date === 'string' ? args.end_date : undefined;
  return `${policy} ${when(start, end)}${args.half_day === true ? ' (half day)' : ''}`;
}

/** The reply after create_leave_request calls. */
export function summariseCreated(results: TurnResult[]): string {
  return results
    .map((result) => {
      if (wasDeclined(result)) return `Nothing was done: you declined the request for ${askedFor(result.arguments)}.`;
      if (!result.ok) return sentence(`I couldn't request ${askedFor(result.arguments)}: ${errorOf(result).message}`);
      const created = dataOf<Created>(result);
      const lines = [
        `I've requested ${created.policy} ${when(created.start_date, created.end_date)} (${workingDays(created.total_days)}).`,
        statusSentence(created.status),
        ...(created.warnings ?? []).map((w) => `Note: ${sentence(w.message)}`),
      ];
      return lines.join(' ');
    })
    .join('\n');
}

/** The request a cancel or decide result carries (`{ request }`), if it succeeded. */
function requestOf(result: TurnResult): LeaveRequestView | undefined {
  return result.ok ? dataOf<{ request?: LeaveRequestView }>(result)?.request : undefined;
}

function described(request: LeaveRequestView | undefined, fallback: string): string {
  return request ? `${request.policy} ${when(request.start_date, request.end_date)}` : fallback;
}

/** The reply after cancel_leave_request calls; `known` are the requests the calls were planned from. */
export function summariseCancelled(results: TurnResult[], known: LeaveRequestView[]): string {
  return results
    .map((result) => {
      const planned = known.find((r) => r.id === result.arguments.id);
      const what = described(requestOf(result) ?? planned, 'leave request');
      if (wasDeclined(result)) return `Nothing was done: your ${what} is not cancelled.`;
      if (!result.ok) return sentence(`I couldn't cancel your ${what}: ${errorOf(result).message}`);
      return `I've cancelled your ${what}. It is now ${requestOf(result)?.status ?? 'CANCELLED'}.`;
    })
    .join('\n');
}

/** The reply after decide_leave_request calls. */
export function summariseDecided(results: TurnResult[], known: LeaveRequestView[]): string {
  return results
    .map((result) => {
      const planned = known.find((r) => r.id === result.arguments.id);
      const request = requestOf(result) ?? planned;
      const whose = request ? `${request.employee_name}'s ${described(request, '')}` : 'the request';
      const verb = result.arguments.decision === 'reject' ? 'reject' : 'approve';
      if (wasDeclined(result)) return `Nothing was done: ${whose} is still ${planned?.status ?? 'PENDING'}.`;
      if (!result.ok) return sentence(`I couldn't ${verb} ${whose}: ${errorOf(result).message}`);
      return `I've ${verb}d ${whose}. It is now ${request?.status ?? (verb === 'approve' ? 'APPROVED' : 'REJECTED')}.`;
    })
    .join('\n');
}

/** The reply after an external (MCP) tool call: its answer, shortened. */
export function summariseExternal(results: TurnResult[]): string {
  return results
    .map((result) => {
      if (wasDeclined(result)) return `Nothing was done: you declined the call to ${result.tool}.`;
      if (!result.ok) return sentence(`${result.tool} failed: ${errorOf(result).message}`);
      const text = typeof result.result === 'string' ? result.result : JSON.stringify(result.result);
      return `${result.tool} answered: ${text.length > 500 ? `${text.slice(0, 500)}…` : text}`;
    })
    .join('\n');
}

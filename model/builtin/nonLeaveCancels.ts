/**
 * "Cancel my time correction", "cancel my work from anywhere request", "withdraw my WFA request": cancelling one of
 * the user's requests that is no leave. Its list is read (list_time_corrections, list_work_from_anywhere_requests),
 * then the cancel of the one request of the user's that can still be cancelled is put up for approval; several are
 * listed to pick from; a signature request, which no tool cancels, is said so. Why a rule: these read the user's
 * leave requests, the next step of which cancels leave.
 */

import { normalise } from './keywords';
import { newRequestText } from './newRequestText';
import { type Plan, type PlanContext, type TurnResult, callTools, dataOf, errorOf, hasTool, reply } from './planTypes';
import type { AgentMessage } from '../types';

interface Kind {
  pattern: RegExp;
  what: string;
  list: string;
  cancel: string;
  /** The list's key in the read's answer. */
  key: string;
  /** The statuses a request can still be cancelled in. */
  open: string[];
}

const KINDS: Kind[] = [
  {
    pattern: /\btime corrections?\b|\bcorrection requests?\b/,
    what: 'time correction',
    list: 'list_time_corrections',
    cancel: 'cancel_time_correction',
    key: 'corrections',
    open: ['PENDING'],
  },
  {
    pattern: /\b(?:work(?:ing)? from anywhere|wfa|remote work|work abroad|working abroad)(?: requests?)?\b/,
    what: 'work from anywhere request',
    list: 'list_work_from_anywhere_requests',
    cancel: 'cancel_work_from_anywhere_request',
    key: 'requests',
    open: ['PENDING', 'APPROVED'],
  },
];
// Requests no tool cancels: said so, with what can be done instead.
const NOT_CANCELLABLE: { pattern: RegExp; text: string }[] = [
  {
    pattern: /\bsignature requests?\b/,
    text:
      "A signature request can't be cancelled: the signer whose turn it is can decline it, and HR can delete a " +
      'document nobody has signed yet.',
  },
];
const CANCEL = /^(?:please )?(?:cancel|withdraw|delete|remove|call off|retract) (?:my|the)\b/;

interface Listed {
  id: string;
  employeeName: string;
  status: string;
  city?: string;
  startDate?: string;
  endDate?: string;
  startedAt?: string;
}

/** The kind of request `text` (normalised) cancels, or undefined when it cancels no such request. */
export function nonLeaveCancelAsked(text: string): Kind | undefined {
  if (!CANCEL.test(text)) return undefined;
  return KINDS.find((kind) => kind.pattern.test(text));
}

function described(item: Listed): string {
  if (item.city && item.startDate) return `${item.city}, ${item.startDate} to ${item.endDate ?? item.startDate}`;
  return item.startedAt ? `the correction from ${item.startedAt.slice(0, 16).replace('T', ' ')}` : item.id;
}

/**
 * The step for cancelling a request that is no leave (`messages` end with it, or with its calls' results), or undefined
 * when the turn is not one.
 */
export function planNonLeaveCancel(
  messages: readonly AgentMessage[],
  results: readonly TurnResult[],
  ctx: PlanContext,
): Plan | undefined {
  const text = newRequestText(messages);
  if (text === undefined) return undefined;
  const normalised = normalise(text);
  const cannot = CANCEL.test(normalised) ? NOT_CANCELLABLE.find((n) => n.pattern.test(normalised)) : undefined;
  if (cannot) return reply(cannot.text);
  const kind = nonLeaveCancelAsked(normalised);
  if (!kind) return undefined;
  if (!hasTool(ctx, kind.list) || !hasTool(ctx, kind.cancel)) {
    return reply(`Sorry, I can't cancel a ${kind.what} in this session.`);
  }
  const cancelled = results.find((r) => r.tool === kind.cancel);
  if (cancelled) {
    return reply(cancelled.ok ? `Done: the ${kind.what} is cancelled.` : `I couldn't: ${errorOf(cancelled).message}`);
  }
  const listed = results.find((r) => r.tool === kind.list);
  if (!listed) return callTools(ctx, [{ tool: kind.list, arguments: {} }]);
  if (!listed.ok) return reply(`I couldn't read your ${kind.what}s: ${errorOf(listed).message}`);
  const items = dataOf<Record<string, Listed[] | undefined>>(listed)[kind.key] ?? [];
  const open = items.filter((i) => i.employeeName === ctx.user.name && kind.open.includes(i.status));
  if (open.length === 0) return reply(`You have no ${kind.what} that can still be cancelled.`);
  if (open.length > 1) {
    const rows = open.map((i) => `- ${described(i)} (${i.status})`).join('\n');
    return reply(`You have ${open.length} ${kind.what}s that can be cancelled:\n${rows}\nWhich one?`);
  }
  const only = open[0]!;
  return callTools(ctx, [{ tool: kind.cancel, arguments: { id: only.id } }], `I'll cancel ${described(only)}.`);
}

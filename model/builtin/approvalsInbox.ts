/**
 * The approval flows' inbox (list_approvals) for what the leave inbox does not hold: approvals of other kinds of
 * request ("timesheets to sign off", "compensation changes for me to approve") and decided ones ("approvals I already
 * approved"). "What is waiting for my approval?" stays the leave inbox, whose answer can be decided at once.
 */

import { type TurnResult, dataOf } from './planTypes';

export interface InboxFilters {
  requestType?: string;
  status?: string;
}

const REQUEST_TYPES: { pattern: RegExp; type: string }[] = [
  { pattern: /\btimesheets?\b/, type: 'timesheet' },
  { pattern: /\b(?:work from anywhere|wfa|work(?:ing)? abroad|remote work)\b/, type: 'work_from_anywhere' },
  { pattern: /\btime corrections?\b|\bcorrections?\b/, type: 'time_correction' },
  // "the claim from bob" is an expense claim too: leave is requested, never claimed.
  { pattern: /\bexpenses?\b|\bexpense claims?\b|\bclaims?\b/, type: 'expense_claim' },
  { pattern: /\bcompensation\b|\bsalary\b|\bpay (?:rise|raise|changes?)\b|\braises?\b/, type: 'compensation_change' },
  { pattern: /\boffers?\b/, type: 'offer' },
];

/** The inbox filters a request names, or undefined for the plain leave inbox. */
export function inboxFilters(text: string): InboxFilters | undefined {
  const requestType = REQUEST_TYPES.find(({ pattern }) => pattern.test(text))?.type;
  const status = /\b(?:already|i(?:'ve| have)?) (?:approved|signed off)\b|\bapproved ones\b/.test(text)
    ? 'APPROVED'
    : /\b(?:already|i(?:'ve| have)?) (?:rejected|declined)\b|\brejected ones\b/.test(text)
      ? 'REJECTED'
      : /\ball (?:my )?approvals\b|\bevery approval\b|\bapproval history\b/.test(text)
        ? 'ALL'
        : undefined;
  if (!requestType && !status) return undefined;
  return { ...(requestType ? { requestType } : {}), ...(status ? { status } : {}) };
}

interface Approval {
  requestType: string;
  summary: string;
  status: string;
}

/** The reply to list_approvals. */
export function summariseInbox(result: TurnResult): string {
  const approvals = dataOf<{ approvals?: Approval[] }>(result).approvals ?? [];
  const status = typeof result.arguments.status === 'string' ? result.arguments.status : 'PENDING';
  if (approvals.length === 0) {
    return status === 'PENDING' ? 'Nothing of that kind is waiting for your approval.' : 'I found no such approvals.';
  }
  const rows = approvals.slice(0, 10).map((a) => `- ${a.summary} (${a.requestType.replace(/_/g, ' ')}, ${a.status})`);
  if (approvals.length > 10) rows.push(`- …and ${approvals.length - 10} more`);
  const heading = status === 'PENDING' ? 'Waiting for your decision' : 'Approvals';
  return `${heading}:\n${rows.join('\n')}`;
}

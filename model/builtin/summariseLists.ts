/**
 * Replies after read tools: lists, balances, the untaken-leave report and identity, as short table-like text with
 * totals. Long lists are cut at `MAX_LINES` rows with a count of the rest: the UI shows the full tool result anyway.
 */

import { formatSpan } from './calendar';
import type { Understanding } from './intents';
import { type LeaveRequestView, days, describeRequest, isOwn, sentence, workingDays } from './leaveViews';
import { type PlanContext, type TurnResult, dataOf, errorOf } from './planTypes';

const MAX_LINES = 10;

function lines(items: string[]): string {
  const shown = items.slice(0, MAX_LINES).map((item) => `- ${item}`);
  if (items.length > MAX_LINES) shown.push(`- …and ${items.length - MAX_LINES} more`);
  return shown.join('\n');
}

/** The reply when a read tool failed: what could not be read, and why. */
export function failedRead(what: string, result: TurnResult): string {
  return sentence(`I couldn't ${what}: ${errorOf(result).message}`);
}

function filterWords(u: Understanding, window: { from?: string; to?: string }): string {
  const parts: string[] = [];
  if (u.status) parts.push(`with status ${u.status}`);
  if (window.from && window.to) parts.push(`between ${formatSpan(window.from, window.to, ' and ')}`);
  else if (window.from) parts.push(`from ${formatSpan(window.from, window.from)}`);
  return parts.length ? ` ${parts.join(' ')}` : '';
}

/** The reply to list_leave_requests: the user's own, their team's, or all they may see, with totals. */
export function summariseRequests(
  result: TurnResult,
  u: Understanding,
  ctx: PlanContext,
  window: { from?: string; to?: string },
): string {
  const all = dataOf<{ requests: LeaveRequestView[] }>(result).requests ?? [];
  const requests =
    u.scope === 'mine'
      ? all.filter((r) => isOwn(r, ctx.user.name))
      : u.scope === 'team'
        ? all.filter((r) => !isOwn(r, ctx.user.name))
        : all;
  const whose = u.scope === 'mine' ? 'your' : u.scope === 'team' ? "your team's" : 'the';
  const filters = filterWords(u, window);
  if (requests.length === 0) {
    const subject = u.scope === 'mine' ? 'You have' : u.scope === 'team' ? 'Your team has' : 'There are';
    return `${subject} no leave requests${filters}.`;
  }
  const total = requests.reduce((sum, r) => sum + r.total_days, 0);
  const rows = requests.map((r) => {
    const who = u.scope === 'mine' ? '' : `${r.employee_name}: `;
    return `${who}${describeRequest(r)}, ${workingDays(r.total_days)}, ${r.status}`;
  });
  const heading = `${whose.charAt(0).toUpperCase()}${whose.slice(1)} leave requests${filters}`;
  const count = `${requests.length} request${requests.length === 1 ? '' : 's'}`;
  return `${heading}:\n${lines(rows)}\nTotal: ${count}, ${workingDays(total)}.`;
}

/** The reply to list_leave_approvals. */
export function summariseApprovals(result: TurnResult): string {
  const requests = dataOf<{ requests: LeaveRequestView[] }>(result).requests ?? [];
  if (requests.length === 0) return 'Nothing is waiting for your approval.';
  const rows = requests.map((r) => `${r.employee_name}: ${describeRequest(r)}, ${workingDays(r.total_days)}`);
  const count = requests.length === 1 ? '1 request is' : `${requests.length} requests are`;
  return `${count} waiting for your decision:\n${lines(rows)}`;
}

interface Balances {
  year: number;
  balances: {
    policy: string;
    allocated_days: number;
    used_days: number;
    pending_days: number;
    remaining_days: number;
  }[];
}

/** The reply to get_leave_balances, narrowed to the policy the user asked about when there is one. */
export function summariseBalances(result: TurnResult, u: Understanding): string {
  const { year, balances = [] } = dataOf<Balances>(result);
  const asked = u.policy && 'name' in u.policy ? u.policy.name.toLowerCase() : undefined;
  const one = asked === undefined ? undefined : balances.find((b) => b.policy.toLowerCase() === asked);
  const detail = (b: Balances['balances'][number]) =>
    `${b.allocated_days} allocated, ${b.used_days} used, ${b.pending_days} pending`;
  if (one) return `You have ${days(one.remaining_days)} of ${one.policy} left for ${year} (${detail(one)}).`;
  if (balances.length === 0) return `You have no leave balances for ${year}.`;
  const rows = balances.map((b) => `${b.policy}: ${days(b.remaining_days)} left (${detail(b)})`);
  return `Your leave balances for ${year}:\n${lines(rows)}`;
}

interface Report {
  year: number;
  employees: {
    employee: string;
    department: string;
    allocated_days: number;
    used_days: number;
    untaken_days: number;
  }[];
  totals: { employees: number; untakenDays: number };
}

/** The reply to untaken_leave_report: the filters, the totals, then the employees with most untaken leave. */
export function summariseReport(result: TurnResult): string {
  const report = dataOf<Report>(result);
  const args = result.arguments;
  const filters = [
    typeof args.policy === 'string' ? args.policy : 'annual leave',
    typeof args.min_untaken_days === 'number' ? `at least ${days(args.min_untaken_days)} untaken` : undefined,
  ].filter((part): part is string => part !== undefined);
  const heading = `Untaken leave for ${report.year} (${filters.join(', ')})`;
  if (report.employees.length === 0) return `${heading}: no employee matches.`;
  const employees = `${report.totals.employees} employee${report.totals.employees === 1 ? '' : 's'}`;
  const rows = report.employees.map((e) => {
    const department = e.department ? ` (${e.department})` : '';
    return `${e.employee}${department}: ${days(e.untaken_days)} untaken of ${e.allocated_days}`;
  });
  return `${heading}: ${employees}, ${days(report.totals.untakenDays)} untaken in total.\n${lines(rows)}`;
}

interface Me {
  token: { name: string; scopes: string[] };
  user: { name: string; email: string; role: string };
  tenant: { name: string };
  employee_id: number | null;
}

/** The reply to get_me. */
export function summariseMe(result: TurnResult): string {
  const me = dataOf<Me>(result);
  const employee = me.employee_id === null ? '' : `, employee #${me.employee_id}`;
  const scopes = me.token.scopes.length ? me.token.scopes.join(', ') : 'none';
  return `You are ${me.user.name} (${me.user.email}), ${me.user.role} in ${me.tenant.name}${employee}. This session's scopes: ${scopes}.`;
}

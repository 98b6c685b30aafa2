/**
 * Leave about someone else: their requests ("is Bob off next week?", "my team's pending requests"), their balances
 * ("how many days does Bob have left"), and booking on their behalf ("book sick leave for Bob today"). A named person
 * is first found among the people the user may see; the company leave tools then take their id. Which people's
 * leave a user may see or book is the leave engine's rule (engines/access): the model only refuses up front what no
 * employee may do at all, booking for someone else.
 */

import { planBooking } from './bookPlan';
import { windowOf } from './dates';
import type { Understanding } from './intents';
import { type LeaveSubject, MY_MANAGER } from './leaveSubject';
import { days, describeRequest, nameMatches, sentence, when, workingDays } from './leaveViews';
import { type ListedPerson, findPerson } from './peopleLookup';
import {
  type Plan,
  type PlanContext,
  type TurnResult,
  ask,
  callTools,
  dataOf,
  errorOf,
  hasTool,
  reply,
  resultsOf,
  wasDeclined,
} from './planTypes';
import { failedRead, summariseRequests } from './summariseLists';

/** The subject of `u` unless it names the user themself ("book leave for Alice", said by Alice). */
export function othersSubject(u: Understanding, ctx: PlanContext): LeaveSubject | undefined {
  const subject = u.subject;
  if (subject?.kind === 'person' && nameMatches(ctx.user.name, subject.name)) return undefined;
  return subject;
}

/** The one person a request names, found; or the step that finds them, or says who was not found. */
function thePerson(name: string, results: TurnResult[], ctx: PlanContext): { plan: Plan } | { person: ListedPerson } {
  if (name === MY_MANAGER) {
    // "My manager": the manager on the user's own record, then that person.
    const self = thePerson(ctx.user.name, results, ctx);
    if ('plan' in self) return self;
    if (!self.person.manager) return { plan: reply('You have no manager on record.') };
    return thePerson(self.person.manager, results, ctx);
  }
  const found = findPerson(name, results, ctx);
  if ('plan' in found) return found;
  if (found.people.length === 0) return { plan: reply(`I found no one called ${name} among the people you can see.`) };
  if (found.people.length > 1) {
    const names = found.people.slice(0, 10).map((p) => p.name);
    return { plan: ask('employee', `Which ${name} do you mean?`, names) };
  }
  return { person: found.people[0]! };
}

function listWindow(u: Understanding, today: string): { from?: string; to?: string } {
  if (u.dates.kind !== 'none' && u.dates.kind !== 'invalid') return windowOf(u.dates);
  if (u.upcoming) return { from: today };
  return u.year !== undefined ? { from: `${u.year}-01-01`, to: `${u.year}-12-31` } : {};
}

function defined(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

interface CompanyRequest {
  id: string;
  employeeName: string;
  policy: string;
  startDate: string;
  endDate: string;
  totalDays: number;
  halfDay: boolean;
  status: string;
}

function summariseCompanyRequests(
  result: TurnResult,
  u: Understanding,
  whose: string,
  window: { from?: string; to?: string },
): string {
  const requests = dataOf<{ requests?: CompanyRequest[] }>(result).requests ?? [];
  const filters = [
    u.status ? `with status ${u.status}` : undefined,
    window.from && window.to ? `between ${window.from} and ${window.to}` : undefined,
  ].filter(Boolean);
  const about = filters.length ? ` ${filters.join(' ')}` : '';
  if (requests.length === 0) return `I found no leave requests of ${whose}${about}.`;
  const rows = requests.slice(0, 10).map((r) => {
    const line = describeRequest({
      id: r.id,
      employee_name: r.employeeName,
      policy: r.policy,
      start_date: r.startDate,
      end_date: r.endDate,
      total_days: r.totalDays,
      half_day: r.halfDay,
      status: r.status,
    });
    return `- ${r.employeeName}: ${line}, ${workingDays(r.totalDays)}, ${r.status}`;
  });
  if (requests.length > 10) rows.push(`- …and ${requests.length - 10} more`);
  return `Leave requests of ${whose}${about}:\n${rows.join('\n')}`;
}

/** "Is Bob off next week?", "who is out tomorrow", "my team's rejected requests". */
export function planOthersLeave(
  u: Understanding,
  subject: LeaveSubject,
  results: TurnResult[],
  ctx: PlanContext,
): Plan {
  const window = listWindow(u, ctx.today);
  const filters = { status: u.status, from: window.from, to: window.to, limit: u.limit };
  if (!hasTool(ctx, 'list_company_leave_requests')) {
    // Without the company tool, the leave tool lists what the user's role may see: their team, their department.
    const done = resultsOf(results, 'list_leave_requests')[0];
    if (!done) return callTools(ctx, [{ tool: 'list_leave_requests', arguments: defined(filters) }]);
    return reply(done.ok ? summariseRequests(done, u, ctx, window) : failedRead('list the requests', done));
  }
  let whose = 'the people you may see';
  let employeeId: string | undefined;
  if (subject.kind === 'person') {
    const found = thePerson(subject.name, results, ctx);
    if ('plan' in found) return found.plan;
    employeeId = found.person.id;
    whose = found.person.name;
  }
  const done = resultsOf(results, 'list_company_leave_requests')[0];
  if (!done) {
    return callTools(ctx, [{ tool: 'list_company_leave_requests', arguments: defined({ employeeId, ...filters }) }]);
  }
  return reply(done.ok ? summariseCompanyRequests(done, u, whose, window) : failedRead('list the requests', done));
}

interface EmployeeBalances {
  year: number;
  balances?: { policyName: string; allocated: number; used: number; pending: number; remaining: number }[];
}

/** "How many days does Bob have left?" */
export function planOthersBalance(
  u: Understanding,
  subject: LeaveSubject,
  results: TurnResult[],
  ctx: PlanContext,
): Plan {
  if (subject.kind !== 'person') return ask('employee', 'Whose balance would you like to see?');
  const found = thePerson(subject.name, results, ctx);
  if ('plan' in found) return found.plan;
  const done = resultsOf(results, 'get_employee_leave_balances')[0];
  if (!done) {
    const args = defined({ employeeId: found.person.id, year: u.year });
    return callTools(ctx, [{ tool: 'get_employee_leave_balances', arguments: args }]);
  }
  if (!done.ok) return reply(failedRead(`read ${found.person.name}'s balances`, done));
  const { year, balances = [] } = dataOf<EmployeeBalances>(done);
  if (balances.length === 0) return reply(`${found.person.name} has no leave balances for ${year}.`);
  const rows = balances.map(
    (b) =>
      `- ${b.policyName}: ${days(b.remaining)} left (${b.allocated} allocated, ${b.used} used, ${b.pending} pending)`,
  );
  return reply(`${found.person.name}'s leave balances for ${year}:\n${rows.join('\n')}`);
}

// The booking tool's arguments under the company tool's names.
const COMPANY_NAMES: Record<string, string> = {
  start_date: 'startDate',
  end_date: 'endDate',
  half_day: 'halfDay',
  days: 'days',
  policy: 'policy',
  reason: 'reason',
};

/** "Book sick leave for Bob today": the days as for one's own booking, on the company tool with Bob's id. */
export function planBookingFor(u: Understanding, subject: LeaveSubject, results: TurnResult[], ctx: PlanContext): Plan {
  if (subject.kind !== 'person') return ask('employee', 'Who should I request the leave for?');
  if (ctx.user.role === 'EMPLOYEE') {
    return reply(
      `Sorry, I can't request leave for ${subject.name}: only HR or their manager may request leave on someone's ` +
        'behalf. I can book your own leave, or they can ask me themselves.',
    );
  }
  if (!hasTool(ctx, 'create_company_leave_request')) {
    return reply(`Sorry, I can't request leave for someone else in this session: it does not offer that tool.`);
  }
  const created = resultsOf(results, 'create_company_leave_request');
  if (created.length > 0) return reply(summariseBookedFor(created, subject.name));
  // Which days first: a question about them needs no look-up of the person.
  const own = planBooking(u, [], ctx);
  if (own.step.type !== 'tool_calls') return own;
  const found = thePerson(subject.name, results, ctx);
  if ('plan' in found) return found.plan;
  const calls = own.step.calls.map((call) => {
    const args: Record<string, unknown> = { employeeId: found.person.id };
    for (const [name, value] of Object.entries(call.arguments)) args[COMPANY_NAMES[name] ?? name] = value;
    return { tool: 'create_company_leave_request', arguments: args };
  });
  const text = own.step.text?.replace(/^I'll request /, `I'll request for ${found.person.name} `);
  return callTools(ctx, calls, text);
}

/** The reply after create_company_leave_request calls. */
function summariseBookedFor(results: TurnResult[], name: string): string {
  return results
    .map((result) => {
      if (wasDeclined(result)) return `Nothing was done: you declined the request for ${name}.`;
      if (!result.ok) return sentence(`I couldn't request leave for ${name}: ${errorOf(result).message}`);
      const { request, warnings = [] } = dataOf<{ request: CompanyRequest; warnings?: { message: string }[] }>(result);
      const span = when(request.startDate, request.endDate);
      return [
        `I've requested ${request.policy} for ${request.employeeName} ${span} (${workingDays(request.totalDays)}).`,
        `Its status is ${request.status}.`,
        ...warnings.map((w) => `Note: ${sentence(w.message)}`),
      ].join(' ');
    })
    .join('\n');
}

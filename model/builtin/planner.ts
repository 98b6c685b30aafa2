/**
 * The planner: an understood request plus the tool results of the current turn → the next step. It only plans calls
 * to tools present in the run's catalogue; when the tool a request needs is missing, it says why (the scope the
 * token lacks, or that this session does not offer it) instead of trying.
 */

import { planPeopleAbroad, planWorkAbroad } from './abroadPlan';
import { artifactNote } from './artifactNote';
import { planBooking } from './bookPlan';
import { windowOf } from './dates';
import { planFileBooking } from './fileBookings';
import type { Intent, Understanding } from './intents';
import { planExpense } from './expensePlan';
import { planPayslip } from './payslipPlan';
import { planPeopleRequest } from './peoplePlans';
import { planPick } from './pickPlan';
import { otherDecisionType, planOtherDecision } from './approvalDecision';
import { type Plan, type PlanContext, type TurnResult, ask, callTools, hasTool, reply, resultsOf } from './planTypes';
import { summariseExternal } from './summarise';
import { externalToolsReply } from './externalToolsList';
import {
  chooseTeam,
  summariseManager,
  summariseNoTeam,
  summariseNotifications,
  summariseTeam,
} from './summarisePeople';
import {
  failedRead,
  summariseApprovals,
  summariseBalances,
  summariseMe,
  summariseReport,
  summariseRequests,
} from './summariseLists';
import { planClock, planTimeEntry } from './timePlan';
import { planHolidayChange, planHolidays, planPolicies } from './leaveFacts';
import { summariseInbox } from './approvalsInbox';
import { othersSubject, planBookingFor, planOthersBalance, planOthersLeave } from './othersLeavePlan';
import { missingScopes } from './toolScopes';
import { planWorkplaceRequest, WORKPLACE_NEEDS } from './workplacePlans';

/** What each intent needs from the catalogue, and how a refusal names it. */
const NEEDS: Partial<Record<Intent, { tools: string[]; what: string; capability: string }>> = {
  book: { tools: ['create_leave_request'], what: 'book leave', capability: 'creating leave requests' },
  balance: { tools: ['get_leave_balances'], what: 'show your balances', capability: 'reading leave balances' },
  list: { tools: ['list_leave_requests'], what: 'list leave requests', capability: 'reading leave requests' },
  approvals: { tools: ['list_leave_approvals'], what: 'show your approvals', capability: 'reading leave approvals' },
  decide: {
    tools: ['list_leave_approvals', 'decide_leave_request'],
    what: 'approve or reject requests',
    capability: 'deciding leave requests',
  },
  cancel: {
    tools: ['list_leave_requests', 'cancel_leave_request'],
    what: 'cancel leave requests',
    capability: 'cancelling leave requests',
  },
  othersLeave: {
    tools: ['list_leave_requests'],
    what: "list other people's leave",
    capability: 'reading leave requests',
  },
  othersBalance: {
    tools: ['get_employee_leave_balances'],
    what: "show other people's balances",
    capability: "reading other people's balances",
  },
  bookForOther: {
    tools: ['create_company_leave_request'],
    what: 'request leave on behalf of others',
    capability: 'requesting leave for others',
  },
  policies: { tools: ['list_leave_policies'], what: 'list the leave types', capability: 'reading leave policies' },
  holidays: { tools: ['list_public_holidays'], what: 'list the public holidays', capability: 'reading holidays' },
  addHoliday: { tools: ['add_public_holiday'], what: 'add public holidays', capability: 'managing holidays' },
  removeHoliday: { tools: ['remove_public_holiday'], what: 'remove public holidays', capability: 'managing holidays' },
  report: { tools: ['untaken_leave_report'], what: 'run the untaken-leave report', capability: 'running reports' },
  me: { tools: ['get_me'], what: 'look up your account', capability: 'reading your identity' },
  manager: { tools: ['list_people'], what: 'look up your manager', capability: 'reading people' },
  team: { tools: ['list_teams', 'get_team'], what: 'look up teams', capability: 'reading the organisation' },
  notifications: {
    tools: ['list_my_notifications'],
    what: 'show your notifications',
    capability: 'reading notifications',
  },
  // The company API's requests (issue 19): the live clock's four tools share one scope.
  clock: {
    tools: ['clock_in', 'clock_out', 'start_break', 'end_break'],
    what: 'clock you in or out',
    capability: 'time tracking',
  },
  timeEntry: { tools: ['create_time_entry'], what: 'record your working time', capability: 'time tracking' },
  expense: { tools: ['create_expense_claim'], what: 'claim expenses', capability: 'expense claims' },
  workAbroad: {
    tools: ['create_work_from_anywhere_request'],
    what: 'ask to work from abroad',
    capability: 'work from anywhere requests',
  },
  abroad: {
    tools: ['list_people_abroad'],
    what: 'tell who is abroad',
    capability: 'reading work from anywhere requests',
  },
  payslip: { tools: ['list_payslips'], what: 'show payslips', capability: 'reading payslips' },
  // The people processes (issue 20): onboarding tasks need the onboarding read, and so on.
  processTasks: { tools: [], what: 'show your tasks', capability: 'onboarding and offboarding' },
  completeTask: { tools: [], what: 'mark tasks done', capability: 'onboarding and offboarding' },
  moveCandidate: {
    tools: ['list_applications', 'move_application_stage'],
    what: 'move candidates',
    capability: 'recruiting',
  },
  expiringCertificates: {
    tools: ['list_certifications'],
    what: 'tell which certificates expire',
    capability: 'reading certificates',
  },
  enrol: { tools: ['list_courses', 'create_enrolment'], what: 'enrol you in courses', capability: 'learning' },
  goals: { tools: ['list_goals'], what: 'show your goals', capability: 'reading goals' },
  // The part-4 areas (issue 21).
  ...WORKPLACE_NEEDS,
};

const CAPABILITIES: { tool: string; text: string }[] = [
  {
    tool: 'create_leave_request',
    text: 'book leave ("4-6 May for a family trip", "half day on Friday", "I\'m sick today")',
  },
  { tool: 'get_leave_balances', text: 'show your leave balances' },
  { tool: 'list_leave_requests', text: "list your or your team's leave requests" },
  { tool: 'cancel_leave_request', text: 'cancel one of your requests' },
  { tool: 'list_leave_approvals', text: 'show the requests waiting for your approval' },
  { tool: 'decide_leave_request', text: 'approve or reject them' },
  { tool: 'untaken_leave_report', text: 'run the untaken-leave report' },
  { tool: 'list_people', text: 'tell you who your manager is' },
  { tool: 'get_team', text: 'tell you who is in a team' },
  { tool: 'list_my_notifications', text: 'show your notifications' },
  { tool: 'clock_in', text: 'clock you in and out and start or end your breaks' },
  { tool: 'create_time_entry', text: 'record time you forgot to clock ("I worked 9 to 5 yesterday")' },
  { tool: 'create_expense_claim', text: 'submit an expense ("a 42.50 EUR taxi expense from Tuesday")' },
  { tool: 'create_work_from_anywhere_request', text: 'ask to work from abroad ("from Lisbon 3 to 14 March")' },
  { tool: 'list_people_abroad', text: 'tell you who is abroad' },
  { tool: 'list_payslips', text: 'show your payslips' },
  { tool: 'list_onboarding_tasks', text: 'show your onboarding tasks and mark them done' },
  { tool: 'move_application_stage', text: 'move a candidate to another stage' },
  { tool: 'list_certifications', text: 'tell you which certificates expire soon' },
  { tool: 'create_enrolment', text: 'enrol you in a course' },
  { tool: 'list_goals', text: 'tell you how your goals are going' },
  { tool: 'create_signature_request', text: 'send a document for signature' },
  { tool: 'list_playbook_unacknowledged', text: 'tell who has not acknowledged a policy' },
  { tool: 'assign_inventory_item', text: 'assign an inventory item to someone' },
  { tool: 'create_social_post', text: 'post a welcome message' },
  { tool: 'get_headcount_analytics', text: 'report headcount and turnover' },
  { tool: 'list_conversations', text: 'tell you about your unread messages' },
];

/** What the user can ask for in this run, from the tools it has. */
export function helpText(ctx: PlanContext): string {
  const can = CAPABILITIES.filter((c) => hasTool(ctx, c.tool)).map((c) => c.text);
  if (can.length === 0) return 'I can tell you who you are signed in as; this session allows nothing more.';
  const last = can.pop()!;
  return `I can ${can.length ? `${can.join(', ')} and ${last}` : last}.`;
}

/** The tools of a request whose tools depend on what it says (onboarding or offboarding tasks). */
function toolsOf(u: Understanding): string[] | undefined {
  const kind = u.people?.process ?? 'onboarding';
  if (u.intent === 'processTasks') return [`list_${kind}_tasks`];
  if (u.intent === 'completeTask') return [`list_${kind}_tasks`, `complete_${kind}_task`];
  return undefined;
}

/**
 * The true reason a request's tools are missing from the run: the scopes the token lacks (named, with what would fix
 * it), or, when the token holds them, that this session does not offer it. (A role the engine refuses comes back as
 * the tool's own answer: `failedRead` and the summaries say it.)
 */
function refusal(u: Understanding, ctx: PlanContext): Plan | undefined {
  const needs = NEEDS[u.intent];
  if (!needs) return undefined;
  const missing = (toolsOf(u) ?? needs.tools).filter((tool) => !hasTool(ctx, tool));
  if (missing.length === 0) return undefined;
  const scopes = missingScopes(
    missing,
    ctx.tools.map((t) => t.name),
  );
  if (scopes.length === 0)
    return reply(`Sorry, I can't ${needs.what}: ${needs.capability} is not supported in this session.`);
  const named = scopes.join(' and ');
  const plural = scopes.length > 1 ? 'scopes' : 'scope';
  return reply(
    `Sorry, I can't ${needs.what} here: the token of this session lacks the ${named} ${plural} ` +
      `(${needs.capability}). A token with ${named} would let me.`,
  );
}

/** One read tool, then its summary. */
function lookup(
  results: TurnResult[],
  ctx: PlanContext,
  tool: string,
  args: Record<string, unknown>,
  what: string,
  summarise: (result: TurnResult) => string,
): Plan {
  const done = resultsOf(results, tool)[0];
  if (!done) return callTools(ctx, [{ tool, arguments: args }]);
  return reply(done.ok ? summarise(done) : failedRead(what, done));
}

function defined(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

function listWindow(u: Understanding, today?: string): { from?: string; to?: string } {
  if (u.dates.kind !== 'none' && u.dates.kind !== 'invalid') return windowOf(u.dates);
  if (u.upcoming && today) return { from: today };
  return u.year !== undefined ? { from: `${u.year}-01-01`, to: `${u.year}-12-31` } : {};
}

/** "Any unread notifications?" reads the unread ones only. */
function notificationArgs(u: Understanding): Record<string, unknown> {
  return u.unread ? { limit: 10, unread: 'true' } : { limit: 10 };
}

/** "Who is in the design team": find the team by name, then read its members. */
function planTeam(asked: string, results: TurnResult[], ctx: PlanContext): Plan {
  const found = resultsOf(results, 'list_teams')[0];
  if (!found) return callTools(ctx, [{ tool: 'list_teams', arguments: { name: asked } }]);
  if (!found.ok) return reply(failedRead('look up the team', found));
  const team = chooseTeam(found, asked);
  if (Array.isArray(team)) return reply(summariseNoTeam(asked, team));
  const read = resultsOf(results, 'get_team')[0];
  if (!read) return callTools(ctx, [{ tool: 'get_team', arguments: { id: team.id } }]);
  return reply(read.ok ? summariseTeam(read) : failedRead('read the team', read));
}

/** Plans the next step of a turn. */
export function plan(u: Understanding, results: TurnResult[], ctx: PlanContext): Plan {
  const refused = refusal(u, ctx);
  if (refused) return refused;
  const firstName = ctx.user.name.split(/\s+/)[0] ?? ctx.user.name;
  const subject = othersSubject(u, ctx);
  switch (u.intent) {
    case 'othersLeave':
      if (subject) return planOthersLeave(u, subject, results, ctx);
      return plan({ ...u, intent: 'list' }, results, ctx);
    case 'othersBalance':
      if (subject) return planOthersBalance(u, subject, results, ctx);
      return plan({ ...u, intent: 'balance' }, results, ctx);
    case 'bookForOther':
      if (subject) return planBookingFor(u, subject, results, ctx);
      return plan({ ...u, intent: 'book' }, results, ctx);
    case 'policies':
      return planPolicies(results, ctx);
    case 'holidays':
      return planHolidays(u.year, results, ctx);
    case 'addHoliday':
    case 'removeHoliday':
      return planHolidayChange(u.intent === 'addHoliday', u.dates, u.holidayName, results, ctx);
    case 'book':
      if (u.file)
        return planFileBooking(u.file, u.policy && 'name' in u.policy ? u.policy.name : undefined, results, ctx);
      return planBooking(u, results, ctx);
    case 'cancel':
      return planPick(u, results, ctx);
    case 'decide': {
      // An expense claim, a timesheet…: the approval flows' inbox holds it, not the leave inbox.
      const requestType = otherDecisionType(u, ctx);
      return requestType ? planOtherDecision(u, requestType, results, ctx) : planPick(u, results, ctx);
    }
    case 'balance':
      return lookup(results, ctx, 'get_leave_balances', defined({ year: u.year }), 'read your balances', (r) =>
        summariseBalances(r, u),
      );
    case 'list': {
      const window = listWindow(u, ctx.today);
      const args = defined({ status: u.status, from: window.from, to: window.to, limit: u.limit });
      return lookup(results, ctx, 'list_leave_requests', args, 'list the requests', (r) =>
        summariseRequests(r, u, ctx, window),
      );
    }
    case 'approvals': {
      // Approvals of another kind of request, or already decided, are the approval flows' inbox.
      const inbox = u.inbox;
      if (inbox && hasTool(ctx, 'list_approvals')) {
        return lookup(results, ctx, 'list_approvals', { ...inbox }, 'read your approvals', summariseInbox);
      }
      return lookup(results, ctx, 'list_leave_approvals', {}, 'read your approvals', summariseApprovals);
    }
    case 'report': {
      const policy = u.policy && 'name' in u.policy ? u.policy.name : undefined;
      const args = defined({ year: u.year, min_untaken_days: u.minUntakenDays, policy });
      return lookup(
        results,
        ctx,
        'untaken_leave_report',
        args,
        'run the report',
        (r) => summariseReport(r) + artifactNote(r),
      );
    }
    case 'me':
      return lookup(results, ctx, 'get_me', {}, 'read your account', summariseMe);
    case 'manager':
      return lookup(results, ctx, 'list_people', { limit: 200 }, 'look up your manager', (r) =>
        summariseManager(r, ctx),
      );
    case 'team':
      return planTeam(u.team ?? '', results, ctx);
    case 'notifications':
      return lookup(results, ctx, 'list_my_notifications', notificationArgs(u), 'read your notifications', (r) =>
        summariseNotifications(r),
      );
    case 'clock':
      return planClock(u, results, ctx);
    case 'timeEntry':
      return planTimeEntry(u, results, ctx);
    case 'expense':
      return planExpense(u, results, ctx);
    case 'workAbroad':
      return planWorkAbroad(u, results, ctx);
    case 'abroad':
      return planPeopleAbroad(u, results, ctx);
    case 'payslip':
      return planPayslip(u, results, ctx);
    case 'processTasks':
    case 'completeTask':
    case 'moveCandidate':
    case 'expiringCertificates':
    case 'enrol':
    case 'goals':
      return planPeopleRequest(u, results, ctx);
    case 'requestSignatures':
    case 'unacknowledged':
    case 'assignItem':
    case 'welcomePost':
    case 'headcount':
    case 'turnover':
    case 'unreadMessages':
    case 'askAcknowledgement':
      return planWorkplaceRequest(u, results, ctx);
    case 'externalTools':
      return reply(externalToolsReply(u.server, ctx.tools));
    case 'external': {
      const call = u.external!;
      const done = resultsOf(results, call.tool);
      if (done.length > 0) return reply(summariseExternal(done));
      if (call.missing.length > 0)
        return ask('external', `What should I pass to ${call.tool} as ${call.missing.join(', ')}?`);
      return callTools(ctx, [{ tool: call.tool, arguments: call.arguments }], `I'll call ${call.tool}.`);
    }
    case 'greeting':
      return reply(`Hello ${firstName}! ${helpText(ctx)}`);
    case 'thanks':
      return reply("You're welcome!");
    case 'help':
      return reply(helpText(ctx));
    case 'dismiss':
      return reply("OK, I've left it: nothing was done.");
    case 'unknown':
      return reply(`Sorry, I didn't understand that. ${helpText(ctx)}`);
    case 'refuse':
      return reply(`${u.refusal?.text ?? "Sorry, I can't do that."} ${helpText(ctx)}`);
  }
}

/**
 * The built-in model: deterministic, offline, English, for the HR domain. It understands everyday leave requests,
 * plans calls over the run's tool catalogue, asks when a request is ambiguous and summarises tool results. No clock
 * and no randomness: the same input always gives the same step, so Temporal can replay a run exactly.
 */

import { planClassified } from './classifiedPlan';
import { readTurn } from './conversation';
import { planFollowUp } from './followUps';
import { planHoursWorked } from './hoursWorkedRead';
import { planMarkAllRead } from './markAllRead';
import { planNotificationPreferences } from './notificationPreferences';
import { planContactDetails } from './contactDetails';
import { planDepartmentMembers } from './departmentMembers';
import { planPeopleByPlace } from './peopleByPlace';
import { planPastClocking } from './pastClocking';
import { planWaitingExpenses } from './expenseApprovalsRead';
import { planExpenseClaimAct } from './expenseClaimActs';
import { planNonLeaveCancel } from './nonLeaveCancels';
import { planOwnExpenseClaims } from './ownExpenseClaimsRead';
import { planExpenseAllowed } from './expenseAllowedQuestion';
import { planAreaReport } from './areaReports';
import { planPayslipYear } from './payslipYear';
import { helpText, plan } from './planner';
import type { PlanContext } from './planTypes';
import type { AgentModel, ModelInput, ModelStep } from '../types';

/** The next step for `input`: a pure function of it. */
export function builtinStep(input: ModelInput): ModelStep {
  const ctx: PlanContext = {
    today: input.today,
    timeZone: input.timeZone,
    user: input.user,
    tools: input.tools,
    messageCount: input.messages.length,
  };
  const followUp = planFollowUp(input.messages, ctx);
  if (followUp) return followUp.step;
  const turn = readTurn(input.messages, ctx);
  if (!turn) return { type: 'reply', text: helpText(ctx) };
  const contact = planContactDetails(input.messages, turn.results, ctx);
  if (contact) return contact.step;
  const members = planDepartmentMembers(input.messages, turn.results, ctx, turn.u.dates.kind !== 'none');
  if (members) return members.step;
  const byPlace = planPeopleByPlace(input.messages, turn.results, turn.u, ctx);
  if (byPlace) return byPlace.step;
  const pastClocking = planPastClocking(input.messages, turn.results, turn.u, ctx);
  if (pastClocking) return pastClocking.step;
  const claimAct = planExpenseClaimAct(input.messages, turn.results, ctx);
  if (claimAct) return claimAct.step;
  const nonLeaveCancel = planNonLeaveCancel(input.messages, turn.results, ctx);
  if (nonLeaveCancel) return nonLeaveCancel.step;
  const waiting = ['expense', 'unknown'].includes(turn.u.intent)
    ? planWaitingExpenses(input.messages, turn.results, ctx)
    : undefined;
  if (waiting) return waiting.step;
  const ownClaims = planOwnExpenseClaims(input.messages, turn.results, ctx);
  if (ownClaims) return ownClaims.step;
  const claimable = planExpenseAllowed(input.messages, turn.results, ctx);
  if (claimable) return claimable.step;
  const preferences = planNotificationPreferences(input.messages, turn.results, ctx);
  if (preferences) return preferences.step;
  const marksRead = planMarkAllRead(input.messages, turn.results, ctx);
  if (marksRead) return marksRead.step;
  const areaReport = ['report', 'unknown'].includes(turn.u.intent)
    ? planAreaReport(input.messages, turn.results, ctx)
    : undefined;
  if (areaReport) return areaReport.step;
  const yearPayslips = turn.u.intent === 'payslip' ? planPayslipYear(input.messages, turn.results, ctx) : undefined;
  if (yearPayslips) return yearPayslips.step;
  if (turn.u.intent === 'unknown') {
    const hours = planHoursWorked(input.messages, turn.results, ctx);
    if (hours) return hours.step;
    // What no rule understood, the tool classifier may (classifiedPlan.ts); unsure, it leaves the usual reply.
    const classified = planClassified(input.messages, turn.results, ctx);
    if (classified) return classified.step;
    // Dates with words the model does not know: something is wanted for those days, so ask what, never guess.
    if (turn.u.dates.kind !== 'none' && turn.results.length === 0) {
      return {
        type: 'question',
        text: `I'm not sure what you'd like me to do for those days. Should I book leave, or look something up? ${helpText(ctx)}`,
      };
    }
  }
  return plan(turn.u, turn.results, ctx).step;
}

/** The built-in model as an `AgentModel`. */
export function createBuiltinModel(): AgentModel {
  return {
    name: 'builtin',
    next: (input) => Promise.resolve(builtinStep(input)),
  };
}

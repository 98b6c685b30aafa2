/**
 * What an approval flow is made of (company API, Approval Flows): ordered steps, each decided by a relation to
 * the request (the requester's manager, their department's head, HR, a named person, N of a group), optionally
 * only when a condition holds (more than N days, an amount above a threshold, a country), with a reminder and an
 * escalation to HR when nobody decides in time. Plain data and pure functions: the stored JSON of a flow and of an
 * approval instance is exactly these types.
 */

export const approverRelations = ['manager', 'departmentHead', 'hr', 'person', 'group'] as const;
export type ApproverRelation = (typeof approverRelations)[number];

/** The request types that go through Approval Flows; each has a built-in flow and a subject (its own engine). */
export const approvalRequestTypes = [
  'leave',
  'work_from_anywhere',
  'timesheet',
  'time_correction',
  'expense_claim',
  'compensation_change',
  'offer',
] as const;
export type ApprovalRequestType = (typeof approvalRequestTypes)[number];

export interface StepCondition {
  /** Only when the request is for more than this many days (leave: working days). */
  daysAbove?: number | undefined;
  /** Only when the request's amount is above this, in minor units (expenses, compensation). */
  amountAboveMinor?: number | undefined;
  /** Only when the request's country is one of these (ISO 3166-1 alpha-2; work from anywhere). */
  countries?: string[] | undefined;
  /** Only when the request breaks its area's policy (true), or only when it does not (false). */
  policyBreach?: boolean | undefined;
}

export interface ApprovalStep {
  name: string;
  approver: ApproverRelation;
  /** `person`: the user who decides. */
  userId?: string | undefined;
  /** `group`: the users asked; `required` of them must approve (default 1). */
  userIds?: string[] | undefined;
  required?: number | undefined;
  when?: StepCondition | undefined;
  /** Minutes until the people asked are reminded; unset: the request type's default (config). */
  remindAfterMinutes?: number | undefined;
  /** Minutes after the reminder until the step is handed to HR; unset: the default. */
  escalateAfterMinutes?: number | undefined;
}

/** What the conditions of a request's steps are read from, fixed when its approval opens. */
export interface ApprovalFacts {
  days?: number | undefined;
  amountMinor?: number | undefined;
  country?: string | undefined;
  /** The request breaks its area's policy (work from anywhere: over the allowance, or a country not allowed). */
  policyBreach?: boolean | undefined;
}

/** Whether `step` applies to a request with `facts`. A condition on a fact the request lacks does not hold. */
export function stepApplies(step: ApprovalStep, facts: ApprovalFacts): boolean {
  const when = step.when;
  if (!when) return true;
  if (when.daysAbove !== undefined && !(facts.days !== undefined && facts.days > when.daysAbove)) return false;
  if (
    when.amountAboveMinor !== undefined &&
    !(facts.amountMinor !== undefined && facts.amountMinor > when.amountAboveMinor)
  ) {
    return false;
  }
  if (when.countries !== undefined && !(facts.country !== undefined && when.countries.includes(facts.country))) {
    return false;
  }
  if (when.policyBreach !== undefined && (facts.policyBreach ?? false) !== when.policyBreach) return false;
  return true;
}

/** The steps of a flow that apply to a request, in order. */
export function applicableSteps(steps: readonly ApprovalStep[], facts: ApprovalFacts): ApprovalStep[] {
  return steps.filter((step) => stepApplies(step, facts));
}

/** How many approvals a step needs among `assigned` people: 1, or `required` of a group (never more than asked). */
export function approvalsRequired(step: ApprovalStep, assigned: number): number {
  if (step.approver !== 'group') return 1;
  return Math.max(1, Math.min(step.required ?? 1, assigned));
}

/**
 * Checks a flow's steps beyond their shape: one to ten steps, the first without a condition (so every request
 * has someone to decide it), a person for `person`, people for `group`. Answers the problem (naming the step), or
 * null when the flow is sound.
 */
export function flowProblem(steps: readonly ApprovalStep[]): { field: string; reason: string } | null {
  if (steps.length === 0) return { field: 'steps', reason: 'a flow has at least one step' };
  if (steps[0]!.when) return { field: 'steps[0].when', reason: 'the first step always applies: it takes no condition' };
  for (const [i, step] of steps.entries()) {
    if (step.approver === 'person' && !step.userId) {
      return { field: `steps[${i}].userId`, reason: 'a person step names the user who decides' };
    }
    if (step.approver === 'group' && !(step.userIds && step.userIds.length > 0)) {
      return { field: `steps[${i}].userIds`, reason: 'a group step lists the users asked' };
    }
    if (step.approver !== 'group' && (step.userIds !== undefined || step.required !== undefined)) {
      return { field: `steps[${i}].userIds`, reason: 'userIds and required belong to group steps only' };
    }
    if (step.approver !== 'person' && step.userId !== undefined) {
      return { field: `steps[${i}].userId`, reason: 'userId belongs to person steps only' };
    }
    if (step.userIds && new Set(step.userIds).size !== step.userIds.length) {
      return { field: `steps[${i}].userIds`, reason: 'each user is listed once' };
    }
    if (step.required !== undefined && step.userIds && step.required > step.userIds.length) {
      return { field: `steps[${i}].required`, reason: `required is at most the ${step.userIds.length} users listed` };
    }
  }
  return null;
}

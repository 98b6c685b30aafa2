import type { ApprovalRequestType, ApprovalStep } from './flowDefinition';

/**
 * The flow of a request type in a tenant that configured none: for leave, today's leave routing (the manager
 * decides, HR when the employee has no manager who can sign in); for work from anywhere, the manager and, when the
 * request breaks the policy, HR too; timesheets and time corrections, the manager; expense claims, the manager and,
 * above 500.00 in the claim's currency, HR; compensation changes, HR. Reminder and escalation keep the configured
 * defaults (`leave.remindAfterMs`, `leave.escalateAfterMs`).
 */
export const builtInFlows: Record<ApprovalRequestType, { name: string; steps: ApprovalStep[] }> = {
  leave: { name: 'Manager (HR when there is none)', steps: [{ name: 'Manager', approver: 'manager' }] },
  // A request that breaks the policy (over the yearly allowance, or a country not allowed) needs HR as well.
  work_from_anywhere: {
    name: 'Manager, then HR when the policy is broken',
    steps: [
      { name: 'Manager', approver: 'manager' },
      { name: 'HR (policy breach)', approver: 'hr', when: { policyBreach: true } },
    ],
  },
  timesheet: { name: 'Manager', steps: [{ name: 'Manager', approver: 'manager' }] },
  time_correction: { name: 'Manager', steps: [{ name: 'Manager', approver: 'manager' }] },
  // "An approval flow by amount" (company-api.md, Expenses): amounts are minor units of the claim's currency.
  expense_claim: {
    name: 'Manager, then HR above 500.00',
    steps: [
      { name: 'Manager', approver: 'manager' },
      { name: 'HR (above 500.00)', approver: 'hr', when: { amountAboveMinor: 50_000 } },
    ],
  },
  // A proposal usually comes from the manager, so HR decides it.
  compensation_change: { name: 'HR', steps: [{ name: 'HR', approver: 'hr' }] },
  // The hiring manager asked for the hire and the recruiting team wrote the offer with them: HR checks the terms
  // (salary, start date, manager) against the company's, once. A tenant wanting the hiring manager's manager first
  // adds a `manager` step: an offer's subject employee is the opening's hiring manager.
  offer: { name: 'HR', steps: [{ name: 'HR', approver: 'hr' }] },
};

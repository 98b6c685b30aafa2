import type { ApprovalRequestType, ApprovalStep } from './flowDefinition';

/**
 * The flow of a request type in a tenant that configured none: for leave, today's leave routing (the manager
 * decides, HR when the employee has no manager who can sign in); for work from anywhere, the manager and, when the
 * request breaks the policy, HR too. Reminder and escalation keep the configured defaults
 * (`leave.remindAfterMs`, `leave.escalateAfterMs`).
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
};

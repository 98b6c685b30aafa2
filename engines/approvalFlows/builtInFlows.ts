import type { ApprovalRequestType, ApprovalStep } from './flowDefinition';

/**
 * The flow of a request type in a tenant that configured none: today's leave routing (the manager decides, HR when
 * the employee has no manager who can sign in). Reminder and escalation keep the configured defaults
 * (`leave.remindAfterMs`, `leave.escalateAfterMs`).
 */
export const builtInFlows: Record<ApprovalRequestType, { name: string; steps: ApprovalStep[] }> = {
  leave: { name: 'Manager (HR when there is none)', steps: [{ name: 'Manager', approver: 'manager' }] },
};

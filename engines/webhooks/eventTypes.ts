/**
 * The events a webhook can subscribe to (docs/webhooks.md). Run and action events are the run's own events
 * (engines/agent/events.ts) of the webhook creator's runs; leave request events are the leave engine's status
 * changes of employees the creator may see; company API events (`<area>.<resource>.<verb>`, company-api.md) are
 * about records the creator may see, and carry no field the field-level rules keep from some readers.
 */
export const webhookEventTypes = [
  'run.requires_action',
  'run.completed',
  'run.failed',
  'run.cancelled',
  'run.expired',
  'action.requested',
  'action.decided',
  'leave_request.created',
  'leave_request.approved',
  'leave_request.rejected',
  'leave_request.cancelled',
  'people.employee.created',
  'people.employee.updated',
  'people.employee.terminated',
  'organization.department.created',
  'organization.department.updated',
  'organization.department.deleted',
  'organization.team.created',
  'organization.team.updated',
  'organization.team.deleted',
  'organization.location.created',
  'organization.location.updated',
  'organization.location.deleted',
  'organization.legal_entity.created',
  'organization.legal_entity.updated',
  'organization.legal_entity.deleted',
  'organization.position.created',
  'organization.position.updated',
  'organization.position.deleted',
  'users.user.invited',
  'users.user.role_changed',
  'users.user.deactivated',
  'users.user.reactivated',
  'leave.policy.created',
  'leave.policy.updated',
  'leave.holiday.created',
  'leave.holiday.deleted',
  'work_from_anywhere.request.created',
  'work_from_anywhere.request.approved',
  'work_from_anywhere.request.rejected',
  'work_from_anywhere.request.cancelled',
  'company_api_keys.key.created',
  'company_api_keys.key.rotated',
  'company_api_keys.key.revoked',
  'approval_flows.approval.step_approved',
  'approval_flows.approval.approved',
  'approval_flows.approval.rejected',
  'approval_flows.approval.delegated',
] as const;

export type WebhookEventType = (typeof webhookEventTypes)[number];

/** True when `name` is an event a webhook can subscribe to. */
export function isWebhookEventType(name: string): name is WebhookEventType {
  return (webhookEventTypes as readonly string[]).includes(name);
}

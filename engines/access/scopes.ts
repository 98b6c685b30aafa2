/** The scopes of the contract (interface.md, Authentication item 4). A scope only narrows what a role allows. */
export const scopes = [
  'leave:read',
  'leave:write',
  'reports:read',
  'agent:run',
  'agent:read',
  'agent:approve',
  'agent:artifacts',
  'audit:read',
] as const;

export type Scope = (typeof scopes)[number];

export const scopeDescriptions: Record<Scope, string> = {
  'leave:read': 'read leave requests and balances',
  'leave:write': 'create leave requests',
  'reports:read': 'run read-only reports',
  'agent:run': 'start and continue agent work',
  'agent:read': 'read agent conversations, runs and events',
  'agent:approve': 'approve or decline agent actions',
  'agent:artifacts': 'upload inputs and retrieve agent deliverables',
  'audit:read': 'read and export the agent audit trail',
};

export function isScope(value: string): value is Scope {
  return (scopes as readonly string[]).includes(value);
}

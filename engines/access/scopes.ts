/** The scopes of the contract (interface.md, Authentication item 4). A scope only narrows what a role allows. */
const contractScopes = {
  'leave:read': 'read leave requests and balances',
  'leave:write': 'create leave requests',
  'reports:read': 'run read-only reports',
  'agent:run': 'start and continue agent work',
  'agent:read': 'read agent conversations, runs and events',
  'agent:approve': 'approve or decline agent actions',
  'agent:artifacts': 'upload inputs and retrieve agent deliverables',
  'audit:read': 'read and export the agent audit trail',
} as const;

/**
 * The company API's scopes, `<area>:read` and `<area>:write` for each area that exists (company-api.md): the one
 * list of them, shown in the reference. The Leave area reuses the contract's leave scopes. A new area adds its two
 * lines here and its path segment to `companyAreas`.
 */
const companyAreaScopes = {
  'people:read': 'read employees, their employment details and, where the role allows, their personal details',
  'people:write': 'create, update and terminate employees',
  'organization:read': 'read departments, teams, locations, legal entities, positions and the org chart',
  'organization:write': 'change departments, teams, locations, legal entities and positions',
  'notifications:read': 'read your own notifications and stream them as they come',
  'notifications:write': 'mark your notifications read and choose which kinds you get',
  'users:read': 'read the user accounts of the workspace and their roles',
  'users:write': 'invite users, change their roles, deactivate and reactivate them',
  'company-api-keys:read': 'list company API keys and when each was last used',
  'company-api-keys:write': 'create, rotate and revoke company API keys',
  'approval-flows:read': 'read approval flows, your approvals inbox and the approvals you may see',
  'approval-flows:write': 'approve, reject and delegate approvals; HR: configure the flows',
  'work-from-anywhere:read': 'read work from anywhere requests of the people you may see, the policy, who is abroad',
  'work-from-anywhere:write': 'ask to work from anywhere and cancel such requests; HR: set the policy',
  'time-tracking:read': 'read clock entries, timesheets, overtime and corrections of the people you may see',
  'time-tracking:write': 'clock in and out, post past days, submit timesheets and ask for corrections; HR: the policy',
  'expenses:read': 'read expense claims and receipts of the people you may see, and the categories',
  'expenses:write': 'make, submit and withdraw your expense claims and upload receipts; HR: the categories',
  'compensation:read': 'read salaries, bonuses, allowances, pay bands and change proposals where your role allows',
  'compensation:write': 'propose compensation changes; HR: record salaries, bonuses, allowances and pay bands',
  'payroll:read': 'read pay periods, payroll runs and payslips (your own; HR: everyone’s) and export runs',
  'payroll:write': 'HR: start, approve and cancel payroll runs',
  'ats:read': 'read job openings; recruiters, hiring managers and HR: candidates, applications, interviews, offers',
  'ats:write': 'open positions, add candidates, move applications, schedule interviews, give feedback, make offers',
  'onboarding:read': 'read onboarding processes and tasks of the people you may see, and the templates',
  'onboarding:write': 'complete your onboarding tasks; HR: templates and processes',
  'offboarding:read': 'read terminations, offboarding processes and tasks of the people you may see',
  'offboarding:write': 'complete your offboarding tasks; HR: record terminations and manage the processes',
  'certificates:read': 'read certifications and licences, and employment certificates, of the people you may see',
  'certificates:write': 'record certifications and request employment certificates; HR: issue for anyone',
  'performance:read': 'read review cycles, reviews (ratings once released) and goals of the people you may see',
  'performance:write': 'write your reviews and goals; HR: run review cycles and release them',
  'learning:read': 'read courses, sessions, enrolments and required trainings',
  'learning:write': 'enrol in courses and record completions; HR: courses, sessions and required trainings',
  'inventory:read': 'read the equipment the people you may see hold, and its assignment history',
  'inventory:write': 'HR: record inventory items, assign them, record their returns, repairs and retirement',
  'messages:read': 'read the conversations you take part in, their messages and your unread counts',
  'messages:write': 'start conversations, post messages, add people to your groups, leave them, mark them read',
  'playbook:read': 'read the published handbook pages and policies, your acknowledgements and who has not acknowledged',
  'playbook:write': 'acknowledge policies; HR: write, edit and publish handbook pages and policies',
  'e-signatures:read': 'read the signature requests you made or are asked to sign, and their documents',
  'e-signatures:write': 'sign or decline when it is your turn; HR: upload documents and request signatures',
  'social:read': 'read the feed of your audiences (workspace, department, teams), comments and celebrations',
  'social:write': 'post to your department or teams, comment, react, set your birthday consent; HR: announce',
  'analytics:read': 'read headcount, turnover, absence, leave, expense and hiring figures of the people you may see',
} as const;

/** The company API's areas that exist: their path segment under `/api/` and their name in the reference. */
export const companyAreas = [
  { area: 'people', name: 'People' },
  { area: 'leave', name: 'Leave' },
  { area: 'organization', name: 'Organization' },
  { area: 'users', name: 'User' },
  { area: 'notifications', name: 'Notifications (real-time streaming)' },
  { area: 'company-api-keys', name: 'Company API Keys' },
  { area: 'approval-flows', name: 'Approval Flows' },
  { area: 'work-from-anywhere', name: 'Work From Anywhere' },
  { area: 'time-tracking', name: 'Time Tracking' },
  { area: 'expenses', name: 'Expenses' },
  { area: 'compensation', name: 'Compensation' },
  { area: 'payroll', name: 'Payroll' },
  { area: 'ats', name: 'ATS (Recruiting)' },
  { area: 'onboarding', name: 'Onboarding' },
  { area: 'offboarding', name: 'Offboarding' },
  { area: 'certificates', name: 'Certificates' },
  { area: 'performance', name: 'Performance' },
  { area: 'learning', name: 'Learning' },
  { area: 'inventory', name: 'Inventory' },
  { area: 'messages', name: 'Messages' },
  { area: 'playbook', name: 'Playbook' },
  { area: 'e-signatures', name: 'E-Signatures' },
  { area: 'social', name: 'Social' },
  { area: 'analytics', name: 'Analytics' },
] as const;

export type Scope = keyof typeof contractScopes | keyof typeof companyAreaScopes;

export const scopeDescriptions: Record<Scope, string> = { ...contractScopes, ...companyAreaScopes };

export const scopes = Object.keys(scopeDescriptions) as Scope[];

/**
 * The scopes a company API key may carry: the company areas' and the leave area's. A company key serves only the
 * company API, so the agent's, the audit trail's and the reports' scopes mean nothing on it.
 */
export const companyKeyScopes: readonly Scope[] = [
  'leave:read',
  'leave:write',
  ...(Object.keys(companyAreaScopes) as Scope[]),
];

export function isScope(value: string): value is Scope {
  return Object.hasOwn(scopeDescriptions, value);
}

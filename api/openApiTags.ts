import type { Operation } from '../operations/defineOperation';

/**
 * What each group of operations is for, as the reference's sidebar and generated clients show it. A new area
 * names its tag here.
 */
const tagDescriptions: Readonly<Record<string, string>> = {
  System: 'Health, readiness, this document and the reference page.',
  Identity: 'Who the credential acts as, and the personal access tokens a person holds.',
  Leave: "Leave requests and balances through the platform's leave engine, as the contract names them.",
  Reports: 'Reports over the workspace, such as untaken leave.',
  Notifications: 'The notification stream of the person the credential acts as.',
  Agent: 'Threads, messages and runs of the AI agent; approvals and questions a run waits for; cancellation.',
  'Agent artifacts': 'Files a person attaches to a thread and files a run produces.',
  'Agent audit': "The tamper-evident audit trail of the agent's runs and its verification.",
  'Agent webhooks': 'Signed webhooks for agent events, their deliveries and retries.',
  Admin: 'Outbound MCP servers and connectors an admin allow-lists for the agent.',
  'Connection settings': 'Integration credentials and the workspace settings that connect a product to the agent.',
  'Company API: User': 'User accounts of the workspace: invitations, roles, deactivation.',
  'Company API: People': 'Employees: personal and employment data, visible by role and field.',
  'Company API: Organization': 'Departments, teams, locations, legal entities and positions.',
  'Company API: Notifications': 'Notifications and the kinds a person chooses to get.',
  'Company API: Company API Keys': "API keys acting with their creator's role, for server-to-server use.",
  'Company API: Leave': 'Leave policies, balances and requests with their approval workflow.',
  'Company API: Approval Flows': 'Approval flows per request type: ordered steps, conditions, reminders, escalation.',
  'Company API: Work From Anywhere': 'Requests to work from another country, checked against the policy.',
  'Company API: Time Tracking': 'Clock in and out, time entries, weekly timesheets and corrections.',
  'Company API: Expenses': 'Expense claims with receipts, categories, approval and reimbursement.',
  'Company API: Compensation': 'Pay bands, salaries, bonuses, allowances and approved changes.',
  'Company API: Payroll': 'Monthly payroll runs, payslips and their approval.',
  'Company API: ATS': 'Job openings, candidates, applications, interviews and offers.',
  'Company API: Onboarding': 'Onboarding templates and processes with their tasks.',
  'Company API: Offboarding': 'Offboarding processes with their tasks.',
  'Company API: Performance': 'Review cycles, reviews and goals with key results.',
  'Company API: Learning': 'Courses, sessions, enrolments and required trainings.',
  'Company API: Certificates': 'Certifications with expiry reminders, and employment certificates as PDF.',
  'Company API: Inventory': 'Equipment the company lends, who holds it, its returns, repairs and retirement.',
  'Company API: Messages':
    'Direct and group conversations between people of the workspace, their messages and read state.',
  'Company API: Playbook': 'The handbook: pages and policies with versions, publishing and acknowledgements.',
  'Company API: E-Signatures':
    'Documents to sign, signature requests with ordered signers, signatures bound to the document’s SHA-256.',
  'Company API: Analytics':
    'Headcount, turnover, absence, leave liability, overtime, expenses and time to hire, as figures and CSV.',
  'Company API: Social':
    'Posts and announcements to an audience, comments, reactions, birthdays and work anniversaries.',
};

/**
 * The document's top-level tags: each tag the operations use, in their order, with its description. A tag
 * without one (a test's own operations) is listed bare; the registry's are all described (the lint's
 * tag-description rule and test/unit/api/openApiDocument.test.ts hold it).
 */
export function openApiTags(operations: readonly Operation[]): { name: string; description?: string }[] {
  const names = [...new Set(operations.map((op) => op.tag))];
  return names.map((name) => (tagDescriptions[name] ? { name, description: tagDescriptions[name] } : { name }));
}

/**
 * The scope each tool the planner relies on needs (the registry operation's `access`; the model imports nothing of
 * ours, so test/unit/model/refusals.test.ts checks this table against the registry). A run's catalogue holds the
 * tools its token's scopes permit, so a missing tool whose scope no other tool of the catalogue shows is a missing
 * scope, and one whose scope the catalogue does show is a tool this session does not offer.
 */
export const TOOL_SCOPES: Readonly<Record<string, string>> = {
  assign_inventory_item: 'inventory:write',
  cancel_leave_request: 'leave:write',
  clock_in: 'time-tracking:write',
  clock_out: 'time-tracking:write',
  complete_offboarding_task: 'offboarding:write',
  complete_onboarding_task: 'onboarding:write',
  create_enrolment: 'learning:write',
  create_expense_claim: 'expenses:write',
  create_leave_request: 'leave:write',
  create_signature_request: 'e-signatures:write',
  create_social_post: 'social:write',
  create_time_entry: 'time-tracking:write',
  create_work_from_anywhere_request: 'work-from-anywhere:write',
  decide_leave_request: 'leave:write',
  end_break: 'time-tracking:write',
  get_headcount_analytics: 'analytics:read',
  get_leave_balances: 'leave:read',
  get_playbook_document: 'playbook:read',
  get_team: 'organization:read',
  list_applications: 'ats:read',
  list_certifications: 'certificates:read',
  list_conversations: 'messages:read',
  list_courses: 'learning:read',
  list_goals: 'performance:read',
  list_inventory_items: 'inventory:read',
  list_leave_approvals: 'leave:read',
  list_leave_requests: 'leave:read',
  list_my_notifications: 'notifications:read',
  list_offboarding_tasks: 'offboarding:read',
  list_onboarding_tasks: 'onboarding:read',
  list_payslips: 'payroll:read',
  list_people: 'people:read',
  list_people_abroad: 'work-from-anywhere:read',
  list_playbook_documents: 'playbook:read',
  list_playbook_unacknowledged: 'playbook:read',
  list_signature_requests: 'e-signatures:read',
  list_teams: 'organization:read',
  move_application_stage: 'ats:write',
  publish_playbook_document: 'playbook:write',
  start_break: 'time-tracking:write',
  untaken_leave_report: 'reports:read',
};

/**
 * Why the run lacks `missing` tools: the scopes its token lacks (those of the missing tools that no tool of the
 * catalogue needs too), or none when every such scope is held and the tools are simply not offered here.
 */
export function missingScopes(missing: string[], catalogue: string[]): string[] {
  const held = new Set(catalogue.map((tool) => TOOL_SCOPES[tool]).filter(Boolean));
  const scopes = missing.map((tool) => TOOL_SCOPES[tool]).filter((scope): scope is string => Boolean(scope));
  return [...new Set(scopes)].filter((scope) => !held.has(scope));
}

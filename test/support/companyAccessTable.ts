import type { CredentialKind } from '../../engines/access/actor';
import type { Role } from '../../engines/access/roles';
import type { Scope } from '../../engines/access/scopes';

/**
 * The company API's authorization table, every expectation written here from company-api.md and interface.md
 * (Authentication items 1 and 7), never read from the registry: each company operation's scope, the roles and
 * credential kinds that succeed on its sample request (test/support/companySamples.ts) and with which status, and who
 * may not see the sample's target at all. Read by test/integration/company/companyMatrix.test.ts (and the drift test,
 * test/integration/identity/matrixCatchesDrift.test.ts). An operation added to the company API fails the matrix until
 * it has its row here. (Moved here from companyMatrix.test.ts, every row kept, so that a test can import it.)
 */
export const HR_AND_UP: Role[] = ['HR_MANAGER', 'ADMIN', 'OWNER'];
export const EVERYONE: Role[] = ['EMPLOYEE', 'MANAGER', 'DIRECTOR', 'HR_MANAGER', 'ADMIN', 'OWNER'];
const DECIDERS: Role[] = ['MANAGER', 'HR_MANAGER', 'ADMIN', 'OWNER'];
const LEADS_AND_HR: Role[] = ['MANAGER', 'DIRECTOR', 'HR_MANAGER', 'ADMIN', 'OWNER'];
export const THREE_KINDS: CredentialKind[] = ['personal_access_token', 'delegated_credential', 'company_api_key'];
/** The kinds that act as a person: what takes part in a conversation (a company API key does not). */
const PERSON_KINDS: CredentialKind[] = ['personal_access_token', 'delegated_credential'];
/** The sample opening's recruiting team (its hiring manager and HR); everyone else may not see its candidates. */
const RECRUITING_TEAM = {
  roles: ['MANAGER', 'HR_MANAGER', 'ADMIN', 'OWNER'] as Role[],
  kinds: THREE_KINDS,
  notFoundFor: ['EMPLOYEE', 'DIRECTOR'] as Role[],
};

export interface CompanyExpectation {
  /** The scope company-api.md gives the operation (`<area>:read|write`). */
  scope: Scope;
  /** Roles that succeed when kind and scope allow (on the sample's target). */
  roles: Role[];
  kinds: CredentialKind[];
  status: number;
  /** Scopes the caller must hold besides `scope` (minting a key takes the scopes it grants). */
  alsoNeeds?: Scope[];
  /** Roles that may not see the sample's target at all: 404 where the scope and kind would allow (no leak). */
  notFoundFor?: Role[];
}

export const companyAccessTable: Record<string, CompanyExpectation> = {
  list_people: { scope: 'people:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  // The sample reads the caller's own record: everyone sees themself.
  get_person: { scope: 'people:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  create_person: { scope: 'people:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 201 },
  // The sample changes the caller's own phone: a person's own contact details are theirs to change.
  update_person: { scope: 'people:write', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  terminate_person: { scope: 'people:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  // Organization: everyone with the scope reads the structure; HR_MANAGER, ADMIN and OWNER change it.
  list_departments: { scope: 'organization:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  list_teams: { scope: 'organization:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  get_team: { scope: 'organization:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  list_locations: { scope: 'organization:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  list_legal_entities: { scope: 'organization:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  list_positions: { scope: 'organization:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  get_org_chart: { scope: 'organization:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  create_department: { scope: 'organization:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 201 },
  update_department: { scope: 'organization:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  delete_department: { scope: 'organization:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  create_team: { scope: 'organization:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 201 },
  update_team: { scope: 'organization:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  delete_team: { scope: 'organization:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  add_team_member: { scope: 'organization:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  remove_team_member: { scope: 'organization:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  create_location: { scope: 'organization:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 201 },
  update_location: { scope: 'organization:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  delete_location: { scope: 'organization:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  create_legal_entity: { scope: 'organization:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 201 },
  update_legal_entity: { scope: 'organization:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  delete_legal_entity: { scope: 'organization:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  create_position: { scope: 'organization:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 201 },
  update_position: { scope: 'organization:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  delete_position: { scope: 'organization:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  // Leave: the leave scopes; everyone reads whom they may see (Alice: everyone here); her manager and HR decide
  // her requests (not she, not the director); HR adjusts allowances.
  list_leave_policies: { scope: 'leave:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  list_company_leave_requests: { scope: 'leave:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  // For Alice: herself, her manager, the director she reports to through him, and HR.
  create_company_leave_request: { scope: 'leave:write', roles: EVERYONE, kinds: THREE_KINDS, status: 201 },
  get_company_leave_request: { scope: 'leave:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  get_employee_leave_balances: { scope: 'leave:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  list_public_holidays: { scope: 'leave:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  approve_leave_request: { scope: 'leave:write', roles: DECIDERS, kinds: THREE_KINDS, status: 200 },
  reject_leave_request: { scope: 'leave:write', roles: DECIDERS, kinds: THREE_KINDS, status: 200 },
  adjust_leave_allowance: { scope: 'leave:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 201 },
  // HR edits the leave policies and the holiday calendar.
  create_leave_policy: { scope: 'leave:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 201 },
  update_leave_policy: { scope: 'leave:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  add_public_holiday: { scope: 'leave:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 201 },
  remove_public_holiday: { scope: 'leave:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  // Alice cancels her own; HR cancels anyone's; her manager and the director may not.
  cancel_company_leave_request: {
    scope: 'leave:write',
    roles: ['EMPLOYEE', ...HR_AND_UP],
    kinds: THREE_KINDS,
    status: 200,
  },
  // Notifications: always one's own, for every role.
  list_my_notifications: { scope: 'notifications:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  get_notification_preferences: { scope: 'notifications:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  stream_notifications: { scope: 'notifications:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  mark_notification_read: { scope: 'notifications:write', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  mark_all_notifications_read: { scope: 'notifications:write', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  set_notification_preference: { scope: 'notifications:write', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  // User: HR reads the accounts; ADMIN and OWNER change them; inviting mints a secret (a personal access token only).
  list_users: { scope: 'users:read', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  get_user: { scope: 'users:read', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  change_user_role: { scope: 'users:write', roles: ['ADMIN', 'OWNER'], kinds: THREE_KINDS, status: 200 },
  set_user_external_id: { scope: 'users:write', roles: ['ADMIN', 'OWNER'], kinds: THREE_KINDS, status: 200 },
  deactivate_user: { scope: 'users:write', roles: ['ADMIN', 'OWNER'], kinds: THREE_KINDS, status: 200 },
  reactivate_user: { scope: 'users:write', roles: ['ADMIN', 'OWNER'], kinds: THREE_KINDS, status: 200 },
  invite_user: { scope: 'users:write', roles: ['ADMIN', 'OWNER'], kinds: ['personal_access_token'], status: 201 },
  // Approval Flows: everyone reads the flows, their inbox and the approvals they may see (Alice's: herself, her
  // manager, the director of her department, HR); HR changes the flows; those a step waits for (her manager) and
  // HR decide it, never she; only someone asked (her manager) delegates.
  list_approval_flows: { scope: 'approval-flows:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  get_approval_flow: { scope: 'approval-flows:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  set_approval_flow: { scope: 'approval-flows:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  reset_approval_flow: { scope: 'approval-flows:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  list_approvals: { scope: 'approval-flows:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  get_approval: { scope: 'approval-flows:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  approve_approval: { scope: 'approval-flows:write', roles: DECIDERS, kinds: THREE_KINDS, status: 200 },
  reject_approval: { scope: 'approval-flows:write', roles: DECIDERS, kinds: THREE_KINDS, status: 200 },
  delegate_approval: { scope: 'approval-flows:write', roles: ['MANAGER'], kinds: THREE_KINDS, status: 200 },
  // Work From Anywhere: everyone reads whom they may see (Alice: all of these) and asks for themself; HR sets the
  // policy; Alice cancels her own, HR anyone's.
  get_work_from_anywhere_policy: { scope: 'work-from-anywhere:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  set_work_from_anywhere_policy: {
    scope: 'work-from-anywhere:write',
    roles: HR_AND_UP,
    kinds: THREE_KINDS,
    status: 200,
  },
  list_work_from_anywhere_requests: {
    scope: 'work-from-anywhere:read',
    roles: EVERYONE,
    kinds: THREE_KINDS,
    status: 200,
  },
  create_work_from_anywhere_request: {
    scope: 'work-from-anywhere:write',
    roles: EVERYONE,
    kinds: THREE_KINDS,
    status: 201,
  },
  get_work_from_anywhere_request: {
    scope: 'work-from-anywhere:read',
    roles: EVERYONE,
    kinds: THREE_KINDS,
    status: 200,
  },
  cancel_work_from_anywhere_request: {
    scope: 'work-from-anywhere:write',
    roles: ['EMPLOYEE', ...HR_AND_UP],
    kinds: THREE_KINDS,
    status: 200,
  },
  list_people_abroad: { scope: 'work-from-anywhere:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  // Time Tracking: everyone reads whom they may see (Alice: all of these) and clocks, posts, submits and asks for
  // corrections for themself; HR sets the policy; Alice's entries, timesheets and corrections are hers or HR's to
  // change, delete or withdraw (not her manager's, not the director's).
  get_time_tracking_policy: { scope: 'time-tracking:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  set_time_tracking_policy: { scope: 'time-tracking:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  clock_in: { scope: 'time-tracking:write', roles: EVERYONE, kinds: THREE_KINDS, status: 201 },
  clock_out: { scope: 'time-tracking:write', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  start_break: { scope: 'time-tracking:write', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  end_break: { scope: 'time-tracking:write', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  create_time_entry: { scope: 'time-tracking:write', roles: EVERYONE, kinds: THREE_KINDS, status: 201 },
  update_time_entry: {
    scope: 'time-tracking:write',
    roles: ['EMPLOYEE', ...HR_AND_UP],
    kinds: THREE_KINDS,
    status: 200,
  },
  delete_time_entry: {
    scope: 'time-tracking:write',
    roles: ['EMPLOYEE', ...HR_AND_UP],
    kinds: THREE_KINDS,
    status: 200,
  },
  list_time_entries: { scope: 'time-tracking:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  get_time_entry: { scope: 'time-tracking:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  get_weekly_timesheet: { scope: 'time-tracking:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  get_monthly_timesheet: { scope: 'time-tracking:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  submit_timesheet: { scope: 'time-tracking:write', roles: EVERYONE, kinds: THREE_KINDS, status: 201 },
  list_timesheets: { scope: 'time-tracking:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  get_timesheet: { scope: 'time-tracking:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  cancel_timesheet: {
    scope: 'time-tracking:write',
    roles: ['EMPLOYEE', ...HR_AND_UP],
    kinds: THREE_KINDS,
    status: 200,
  },
  create_time_correction: { scope: 'time-tracking:write', roles: EVERYONE, kinds: THREE_KINDS, status: 201 },
  list_time_corrections: { scope: 'time-tracking:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  get_time_correction: { scope: 'time-tracking:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  cancel_time_correction: {
    scope: 'time-tracking:write',
    roles: ['EMPLOYEE', ...HR_AND_UP],
    kinds: THREE_KINDS,
    status: 200,
  },
  // Expenses: everyone reads the categories and the claims they may see (Alice's: all of these), uploads receipts
  // and claims for themself; HR keeps the categories; Alice's claim is hers or HR's to change, submit, withdraw or
  // delete (decisions go through Approval Flows).
  list_expense_categories: { scope: 'expenses:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  create_expense_category: { scope: 'expenses:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 201 },
  update_expense_category: { scope: 'expenses:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  upload_expense_receipt: { scope: 'expenses:write', roles: EVERYONE, kinds: THREE_KINDS, status: 201 },
  download_expense_receipt: { scope: 'expenses:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  list_expense_claims: { scope: 'expenses:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  create_expense_claim: { scope: 'expenses:write', roles: EVERYONE, kinds: THREE_KINDS, status: 201 },
  get_expense_claim: { scope: 'expenses:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  update_expense_claim: { scope: 'expenses:write', roles: ['EMPLOYEE', ...HR_AND_UP], kinds: THREE_KINDS, status: 200 },
  submit_expense_claim: { scope: 'expenses:write', roles: ['EMPLOYEE', ...HR_AND_UP], kinds: THREE_KINDS, status: 200 },
  withdraw_expense_claim: {
    scope: 'expenses:write',
    roles: ['EMPLOYEE', ...HR_AND_UP],
    kinds: THREE_KINDS,
    status: 200,
  },
  delete_expense_claim: { scope: 'expenses:write', roles: ['EMPLOYEE', ...HR_AND_UP], kinds: THREE_KINDS, status: 200 },
  // Compensation: everyone reads the settings, the bands and Alice as a person (her pay only where allowed: the
  // field-level test); HR keeps the records; managers, directors and HR propose changes for people they see (never
  // their own); a proposal is read by who made it and HR (not its subject, not a director where managers may not
  // read pay), and withdrawn by who made it or HR.
  get_compensation_settings: { scope: 'compensation:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  set_compensation_settings: { scope: 'compensation:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  list_pay_bands: { scope: 'compensation:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  create_pay_band: { scope: 'compensation:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 201 },
  update_pay_band: { scope: 'compensation:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  get_employee_compensation: { scope: 'compensation:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  record_salary: { scope: 'compensation:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 201 },
  create_compensation_item: { scope: 'compensation:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 201 },
  end_allowance: { scope: 'compensation:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  propose_compensation_change: { scope: 'compensation:write', roles: LEADS_AND_HR, kinds: THREE_KINDS, status: 201 },
  list_compensation_changes: { scope: 'compensation:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  get_compensation_change: {
    scope: 'compensation:read',
    roles: DECIDERS,
    kinds: THREE_KINDS,
    status: 200,
    notFoundFor: ['EMPLOYEE', 'DIRECTOR'],
  },
  cancel_compensation_change: {
    scope: 'compensation:write',
    roles: DECIDERS,
    kinds: THREE_KINDS,
    status: 200,
    notFoundFor: ['EMPLOYEE', 'DIRECTOR'],
  },
  // Certificates: everyone records their own certifications and asks for their own employment certificate; Alice's
  // are read by her, her managers up the line (her manager, the director above him) and HR; she and HR change hers
  // and attach its document (her manager and director may not: 403); only HR deletes one.
  list_certifications: { scope: 'certificates:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  create_certification: { scope: 'certificates:write', roles: EVERYONE, kinds: THREE_KINDS, status: 201 },
  get_certification: { scope: 'certificates:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  update_certification: {
    scope: 'certificates:write',
    roles: ['EMPLOYEE', ...HR_AND_UP],
    kinds: THREE_KINDS,
    status: 200,
  },
  delete_certification: { scope: 'certificates:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  attach_certification_document: {
    scope: 'certificates:write',
    roles: ['EMPLOYEE', ...HR_AND_UP],
    kinds: THREE_KINDS,
    status: 200,
  },
  download_certification_document: { scope: 'certificates:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  issue_employment_certificate: { scope: 'certificates:write', roles: EVERYONE, kinds: THREE_KINDS, status: 201 },
  list_employment_certificates: { scope: 'certificates:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  get_employment_certificate: { scope: 'certificates:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  download_employment_certificate: { scope: 'certificates:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  // Learning: everyone reads the catalogue, the sessions and the requirements, and enrols themself; HR writes the
  // catalogue and the requirements. Alice's enrolment is seen by her, her manager, her director and HR; only she and
  // HR complete it or cancel it (she made it).
  list_courses: { scope: 'learning:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  create_course: { scope: 'learning:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 201 },
  update_course: { scope: 'learning:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  list_course_sessions: { scope: 'learning:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  create_course_session: { scope: 'learning:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 201 },
  update_course_session: { scope: 'learning:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  list_enrolments: { scope: 'learning:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  get_enrolment: { scope: 'learning:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  create_enrolment: { scope: 'learning:write', roles: EVERYONE, kinds: THREE_KINDS, status: 201 },
  complete_enrolment: { scope: 'learning:write', roles: ['EMPLOYEE', ...HR_AND_UP], kinds: THREE_KINDS, status: 200 },
  cancel_enrolment: { scope: 'learning:write', roles: ['EMPLOYEE', ...HR_AND_UP], kinds: THREE_KINDS, status: 200 },
  choose_enrolment_session: {
    scope: 'learning:write',
    roles: ['EMPLOYEE', ...HR_AND_UP],
    kinds: THREE_KINDS,
    status: 200,
  },
  list_training_requirements: { scope: 'learning:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  create_training_requirement: { scope: 'learning:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 201 },
  // Payroll: everyone reads the periods and their own payslips of paid runs; runs are HR's; Alice's payslip is hers
  // and HR's only (404 for her manager and director: no role opens another's payslip).
  list_pay_periods: { scope: 'payroll:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  start_payroll_run: { scope: 'payroll:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 201 },
  list_payroll_runs: { scope: 'payroll:read', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  get_payroll_run: { scope: 'payroll:read', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  approve_payroll_run: { scope: 'payroll:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  cancel_payroll_run: { scope: 'payroll:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  export_payroll_run: { scope: 'payroll:read', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  list_payslips: { scope: 'payroll:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  get_payslip: {
    scope: 'payroll:read',
    roles: ['EMPLOYEE', ...HR_AND_UP],
    kinds: THREE_KINDS,
    status: 200,
    notFoundFor: ['MANAGER', 'DIRECTOR'],
  },
  // ATS: everyone reads the job board (an OPEN opening); HR opens openings; the sample opening's hiring manager
  // (Marcus, the MANAGER) changes it and, with HR, runs its pipeline, interviews and offers; its candidates are
  // the recruiting team's alone (404 for Alice and even the director); only HR reopens a rejected application;
  // only HR and the opening's recruiters (not the hiring manager) record a candidate's answer to an offer; every
  // interviewer gives feedback on their interview.
  list_job_openings: { scope: 'ats:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  get_job_opening: { scope: 'ats:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  create_job_opening: { scope: 'ats:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 201 },
  update_job_opening: { scope: 'ats:write', roles: ['MANAGER', ...HR_AND_UP], kinds: THREE_KINDS, status: 200 },
  set_job_opening_status: { scope: 'ats:write', roles: ['MANAGER', ...HR_AND_UP], kinds: THREE_KINDS, status: 200 },
  create_application: { scope: 'ats:write', roles: ['MANAGER', ...HR_AND_UP], kinds: THREE_KINDS, status: 201 },
  list_applications: { scope: 'ats:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  get_application: { ...RECRUITING_TEAM, scope: 'ats:read', status: 200 },
  move_application_stage: { ...RECRUITING_TEAM, scope: 'ats:write', status: 200 },
  reject_application: { ...RECRUITING_TEAM, scope: 'ats:write', status: 200 },
  withdraw_application: { ...RECRUITING_TEAM, scope: 'ats:write', status: 200 },
  reopen_application: { ...RECRUITING_TEAM, scope: 'ats:write', roles: HR_AND_UP, status: 200 },
  schedule_interview: { ...RECRUITING_TEAM, scope: 'ats:write', status: 201 },
  cancel_interview: { ...RECRUITING_TEAM, scope: 'ats:write', status: 200 },
  complete_interview: { ...RECRUITING_TEAM, scope: 'ats:write', status: 200 },
  submit_interview_feedback: { scope: 'ats:write', roles: EVERYONE, kinds: THREE_KINDS, status: 201 },
  create_offer: { ...RECRUITING_TEAM, scope: 'ats:write', status: 201 },
  get_offer: { ...RECRUITING_TEAM, scope: 'ats:read', status: 200 },
  withdraw_offer: { ...RECRUITING_TEAM, scope: 'ats:write', status: 200 },
  accept_offer: { ...RECRUITING_TEAM, scope: 'ats:write', roles: HR_AND_UP, status: 200 },
  decline_offer: { ...RECRUITING_TEAM, scope: 'ats:write', roles: HR_AND_UP, status: 200 },
  list_interviews: { scope: 'ats:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  list_offers: { scope: 'ats:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  // Performance: HR runs the review cycles; everyone reads launched ones. Alice's manager review is read by her (as
  // a status until release), her managers up the line and HR; only its reviewer writes a review (Alice her self
  // review: 403 for those who read it); her managers up the line and HR nominate her peers. Goals: Alice's are
  // written by her, her managers up the line (the director through the manager) and HR.
  create_review_cycle: { scope: 'performance:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 201 },
  list_review_cycles: { scope: 'performance:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  get_review_cycle: { scope: 'performance:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  launch_review_cycle: { scope: 'performance:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  cancel_review_cycle: { scope: 'performance:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  release_review_cycle: { scope: 'performance:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  list_reviews: { scope: 'performance:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  get_review: { scope: 'performance:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  save_review: { scope: 'performance:write', roles: ['EMPLOYEE'], kinds: THREE_KINDS, status: 200 },
  submit_review: { scope: 'performance:write', roles: ['EMPLOYEE'], kinds: THREE_KINDS, status: 200 },
  nominate_peer_reviewer: { scope: 'performance:write', roles: LEADS_AND_HR, kinds: THREE_KINDS, status: 201 },
  create_goal: { scope: 'performance:write', roles: EVERYONE, kinds: THREE_KINDS, status: 201 },
  list_goals: { scope: 'performance:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  get_goal: { scope: 'performance:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  update_key_result: { scope: 'performance:write', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  complete_goal: { scope: 'performance:write', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  cancel_goal: { scope: 'performance:write', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  // Inventory: HR keeps the inventory (records, changes, assigns, takes back, repairs, retires items); everyone
  // reads what the people they see hold (the sample: Alice's item and holdings, seen by her, her line and HR).
  list_inventory_items: { scope: 'inventory:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  get_inventory_item: { scope: 'inventory:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  create_inventory_item: { scope: 'inventory:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 201 },
  update_inventory_item: { scope: 'inventory:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  set_inventory_item_status: { scope: 'inventory:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  retire_inventory_item: { scope: 'inventory:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  assign_inventory_item: { scope: 'inventory:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 201 },
  return_inventory_item: { scope: 'inventory:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  list_inventory_assignments: { scope: 'inventory:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  list_inventory_holdings: { scope: 'inventory:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  // E-Signatures: HR prepares (uploads, replaces and deletes documents, requests signatures) and reads every
  // document; anyone else reads a document only through a request they are part of (the sample document has none:
  // 404). A request is read by its requester and signers (each sample makes the caller its signer, whose turn it is).
  upload_signature_document: { scope: 'e-signatures:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 201 },
  get_signature_document: {
    scope: 'e-signatures:read',
    roles: HR_AND_UP,
    kinds: THREE_KINDS,
    status: 200,
    notFoundFor: ['EMPLOYEE', 'MANAGER', 'DIRECTOR'],
  },
  download_signature_document: {
    scope: 'e-signatures:read',
    roles: HR_AND_UP,
    kinds: THREE_KINDS,
    status: 200,
    notFoundFor: ['EMPLOYEE', 'MANAGER', 'DIRECTOR'],
  },
  replace_signature_document: { scope: 'e-signatures:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  delete_signature_document: { scope: 'e-signatures:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  create_signature_request: { scope: 'e-signatures:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 201 },
  list_signature_requests: { scope: 'e-signatures:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  get_signature_request: { scope: 'e-signatures:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  sign_signature_request: { scope: 'e-signatures:write', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  decline_signature_request: { scope: 'e-signatures:write', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  download_signed_pdf: { scope: 'e-signatures:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  // Messages: everyone with an account takes part in conversations (each sample: a fresh group of the caller and
  // Bob); a company API key is no participant and is refused whatever its scopes (403).
  list_conversations: { scope: 'messages:read', roles: EVERYONE, kinds: PERSON_KINDS, status: 200 },
  create_conversation: { scope: 'messages:write', roles: EVERYONE, kinds: PERSON_KINDS, status: 201 },
  get_conversation: { scope: 'messages:read', roles: EVERYONE, kinds: PERSON_KINDS, status: 200 },
  add_conversation_participants: { scope: 'messages:write', roles: EVERYONE, kinds: PERSON_KINDS, status: 200 },
  leave_conversation: { scope: 'messages:write', roles: EVERYONE, kinds: PERSON_KINDS, status: 200 },
  list_messages: { scope: 'messages:read', roles: EVERYONE, kinds: PERSON_KINDS, status: 200 },
  post_message: { scope: 'messages:write', roles: EVERYONE, kinds: PERSON_KINDS, status: 201 },
  mark_conversation_read: { scope: 'messages:write', roles: EVERYONE, kinds: PERSON_KINDS, status: 200 },
  // Playbook: HR writes, edits and publishes pages and policies; everyone reads what is published, acknowledges a
  // policy that asks them (the sample asks every employee) and reads who has not acknowledged among those they see.
  list_playbook_documents: { scope: 'playbook:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  get_playbook_document: { scope: 'playbook:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  create_playbook_document: { scope: 'playbook:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 201 },
  edit_playbook_draft: { scope: 'playbook:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  publish_playbook_document: { scope: 'playbook:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  list_playbook_versions: { scope: 'playbook:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  acknowledge_playbook_policy: { scope: 'playbook:write', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  list_playbook_unacknowledged: { scope: 'playbook:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  list_playbook_acknowledgements: { scope: 'playbook:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  // Analytics: figures of the people one's role shows (a team at least); an EMPLOYEE, who sees only themself, is
  // refused (403). A company key acts as the HR user who made it.
  get_headcount_analytics: { scope: 'analytics:read', roles: LEADS_AND_HR, kinds: THREE_KINDS, status: 200 },
  get_absence_analytics: { scope: 'analytics:read', roles: LEADS_AND_HR, kinds: THREE_KINDS, status: 200 },
  get_overtime_analytics: { scope: 'analytics:read', roles: LEADS_AND_HR, kinds: THREE_KINDS, status: 200 },
  get_expense_analytics: { scope: 'analytics:read', roles: LEADS_AND_HR, kinds: THREE_KINDS, status: 200 },
  get_time_to_hire_analytics: { scope: 'analytics:read', roles: LEADS_AND_HR, kinds: THREE_KINDS, status: 200 },
  get_leave_liability_analytics: { scope: 'analytics:read', roles: LEADS_AND_HR, kinds: THREE_KINDS, status: 200 },
  export_analytics: { scope: 'analytics:read', roles: LEADS_AND_HR, kinds: THREE_KINDS, status: 200 },
  // Social: everyone reads the posts of their audiences (the samples: a post to the whole workspace), posts to their
  // own department (the owner, who has none, to the workspace), edits and deletes their own posts and comments,
  // reacts, reads the celebrations of the people they see and sets their own birthday consent.
  list_social_posts: { scope: 'social:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  get_social_post: { scope: 'social:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  create_social_post: { scope: 'social:write', roles: EVERYONE, kinds: THREE_KINDS, status: 201 },
  update_social_post: { scope: 'social:write', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  delete_social_post: { scope: 'social:write', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  list_social_comments: { scope: 'social:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  create_social_comment: { scope: 'social:write', roles: EVERYONE, kinds: THREE_KINDS, status: 201 },
  delete_social_comment: { scope: 'social:write', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  add_social_reaction: { scope: 'social:write', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  remove_social_reaction: { scope: 'social:write', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  list_celebrations: { scope: 'social:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  set_birthday_consent: { scope: 'social:write', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  // Onboarding and Offboarding: HR keeps the templates, starts onboardings, records and cancels terminations and
  // skips tasks; everyone reads the processes they may see (Alice's own: she, her line, HR) and their own tasks;
  // a task's assignee completes it (the sample assigns one to the caller, in someone else's process).
  list_onboarding_templates: { scope: 'onboarding:read', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  get_onboarding_template: { scope: 'onboarding:read', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  create_onboarding_template: { scope: 'onboarding:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 201 },
  update_onboarding_template: { scope: 'onboarding:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  delete_onboarding_template: { scope: 'onboarding:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  list_onboarding_processes: { scope: 'onboarding:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  get_onboarding_process: { scope: 'onboarding:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  list_onboarding_tasks: { scope: 'onboarding:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  complete_onboarding_task: { scope: 'onboarding:write', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  skip_onboarding_task: { scope: 'onboarding:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  list_offboarding_templates: { scope: 'offboarding:read', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  get_offboarding_template: { scope: 'offboarding:read', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  create_offboarding_template: { scope: 'offboarding:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 201 },
  update_offboarding_template: { scope: 'offboarding:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  delete_offboarding_template: { scope: 'offboarding:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  list_offboarding_processes: { scope: 'offboarding:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  get_offboarding_process: { scope: 'offboarding:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  list_offboarding_tasks: { scope: 'offboarding:read', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  complete_offboarding_task: { scope: 'offboarding:write', roles: EVERYONE, kinds: THREE_KINDS, status: 200 },
  skip_offboarding_task: { scope: 'offboarding:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  start_onboarding: { scope: 'onboarding:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 201 },
  record_termination: { scope: 'offboarding:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 201 },
  cancel_termination: { scope: 'offboarding:write', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  // Keys: only OWNER, ADMIN, HR_MANAGER; minting, rotating and revoking take a personal access token.
  list_company_api_keys: { scope: 'company-api-keys:read', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  get_company_api_key: { scope: 'company-api-keys:read', roles: HR_AND_UP, kinds: THREE_KINDS, status: 200 },
  create_company_api_key: {
    scope: 'company-api-keys:write',
    roles: HR_AND_UP,
    kinds: ['personal_access_token'],
    status: 201,
    alsoNeeds: ['people:read'],
  },
  rotate_company_api_key: {
    scope: 'company-api-keys:write',
    roles: HR_AND_UP,
    kinds: ['personal_access_token'],
    status: 200,
    alsoNeeds: ['people:read'],
  },
  revoke_company_api_key: {
    scope: 'company-api-keys:write',
    roles: HR_AND_UP,
    kinds: ['personal_access_token'],
    status: 200,
    alsoNeeds: ['people:read'],
  },
};

/**
 * Labelled utterances per catalogue tool: what people type when they want it. The tool classifier (nearestTool.ts)
 * learns from these, beside each tool's own name and the first sentence of its description, so a new area adds lines
 * here rather than rules. Written by hand from the tool catalogue and how people ask for things, plus requests of the
 * evaluation corpus's train split (which may be copied; its validation split is never read: eval/README.md).
 *
 * Only tools the keyword rules do not plan need lines: a request the rules understand never reaches the classifier.
 */
const FIRST_EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  // Organization
  list_people: ['who works here', 'list the employees', 'the staff directory', 'everyone in the company', 'all staff'],
  list_departments: ['what departments do we have', 'list departments', 'the departments of the company'],
  list_teams: ['what teams do we have', 'list the teams', 'all teams'],
  list_locations: ['where are our offices', 'list our sites', 'office locations', 'which offices do we have'],
  list_legal_entities: ['which companies employ people', 'our legal entities', 'the group companies'],
  list_positions: ['open positions in the org', 'list positions', 'which positions are vacant', 'filled positions'],
  get_org_chart: ['show the org chart', 'the organisation chart', 'reporting lines', 'who reports to whom'],
  list_users: ['user accounts and their roles', 'list the users', 'who has an account', 'accounts and roles'],
  // Notifications
  list_my_notifications: ['notifications', 'my notifications', 'any notifications', 'what did I miss', 'my alerts'],
  get_notification_preferences: [
    'my notification settings',
    'which kinds of notification do I receive',
    'notification preferences',
  ],
  mark_all_notifications_read: ['mark all my notifications as read', 'mark everything read', 'clear my notifications'],
  // Time tracking
  list_timesheets: ['which timesheets have I submitted', 'my submitted timesheets', 'list timesheets'],
  list_time_corrections: ['my time corrections', 'list time corrections', 'corrections of my hours'],
  get_time_tracking_policy: [
    'what are the working time rules',
    'working time policy',
    'how long must my break be',
    'maximum hours per day',
    'the daily target hours',
  ],
  list_time_entries: ['my time entries', 'list my clock ins', 'hours I logged', 'my recorded hours'],
  // Expenses
  list_expense_claims: ['show my expense claims', 'my expenses', 'list expense claims', 'my expense reports'],
  list_expense_categories: [
    'what is the mileage rate',
    'expense categories',
    'what can I claim',
    'expense limits',
    'per kilometre rate',
  ],
  // Work from anywhere
  get_work_from_anywhere_policy: [
    'how many work from anywhere days do we get',
    'which countries can I work from',
    'remote work abroad policy',
    'work from anywhere rules',
  ],
  list_work_from_anywhere_requests: [
    'my work from anywhere requests',
    'requests to work abroad',
    'remote work requests',
  ],
  // Payroll and compensation
  list_pay_periods: ['which pay periods are closed', 'pay periods of the year', 'list pay periods'],
  list_payroll_runs: ['list payroll runs', 'payroll runs', 'past payrolls', 'the payroll history'],
  list_pay_bands: ['what are the salary ranges per job', 'pay bands', 'salary bands', 'salary ranges'],
  list_compensation_changes: ['compensation change proposals', 'proposed raises', 'salary change proposals'],
  get_compensation_settings: ['compensation settings', 'our default currency for pay'],
  // Learning
  list_courses: ['what courses are available', 'list courses', 'training catalogue', 'which trainings can I take'],
  list_enrolments: ['my enrolments', 'courses I am enrolled in', 'my trainings', 'courses I have completed'],
  list_training_requirements: ['which trainings are mandatory', 'required trainings', 'compulsory courses'],
  // Certificates
  list_certifications: ['my certifications', 'licences of my team', 'my licences', 'certificates I hold'],
  list_employment_certificates: [
    'employment certificates I have been issued',
    'my employment certificates',
    'proof of employment letters',
  ],
  // Performance
  list_reviews: ['what reviews do I have to write', 'my reviews', 'performance reviews', 'reviews about me'],
  list_review_cycles: ['review cycles', 'the performance review cycles', 'when is the next review cycle'],
  list_goals: ['my goals', 'my objectives', 'my okrs'],
  // Social, playbook, inventory, messages
  list_social_posts: ['latest announcements', 'the company feed', 'recent posts', 'news from the company'],
  list_celebrations: ['upcoming birthdays', 'work anniversaries', 'birthdays this month', 'celebrations'],
  list_playbook_documents: ['show the employee handbook', 'the handbook', 'company policies', 'the playbook'],
  list_playbook_acknowledgements: ['policies I still have to acknowledge', 'what do I need to acknowledge'],
  list_inventory_holdings: ['what equipment do I have', 'my laptop and phone', 'equipment I hold', 'my devices'],
  list_inventory_items: [
    'which items are in repair',
    'inventory items',
    'the equipment inventory',
    'available laptops',
  ],
  list_conversations: ['my conversations', 'my chats', 'my inbox messages'],
  list_signature_requests: ['documents I have to sign', 'signature requests', 'what is waiting for my signature'],
  // Recruiting
  list_job_openings: ['internal job board', 'job openings', 'open jobs', 'which jobs are open', 'vacancies'],
  list_applications: ['list all applications', 'show the applications at interview stage', 'job applications'],
  list_interviews: ['my interviews', 'upcoming interviews', 'interviews I am on'],
  list_offers: ['offers we made', 'job offers', 'list offers'],
  // Onboarding and offboarding
  list_onboarding_processes: ['who is being onboarded right now', 'onboarding processes', 'new joiners onboarding'],
  list_offboarding_processes: ['who is leaving the company', 'offboarding processes', 'leavers'],
  list_onboarding_templates: ['onboarding templates', 'onboarding checklists'],
  list_offboarding_templates: ['offboarding templates', 'offboarding checklists'],
  // Leave and approvals
  list_leave_policies: ['leave policies', 'what types of leave are there', 'leave types'],
  list_public_holidays: ['public holidays', 'bank holidays this year', 'which days are holidays'],
  list_approval_flows: ['approval flows', 'how are requests approved', 'approval chains'],
  // Analytics
  get_headcount_analytics: ['headcount over time', 'hires and leavers', 'turnover rate'],
  get_absence_analytics: ['absence rate per quarter', 'absence rate', 'how much absence'],
  get_overtime_analytics: ['overtime from january to march', 'overtime minutes', 'overtime analytics'],
  get_expense_analytics: ['expense totals per category', 'spending per month', 'expense analytics'],
  get_time_to_hire_analytics: ['time to hire', 'how long does hiring take', 'days to hire'],
  get_leave_liability_analytics: ['leave liability', 'untaken leave in money', 'leave liability at year end'],
  // Writes: the classifier proposes them only with every required slot filled, otherwise it asks.
  create_department: ['create a department called data science', 'new department', 'add a department'],
  create_team: ['create a team named platform', 'new team', 'add a team'],
  create_location: ['add an office in lyon', 'new location', 'create a site'],
  create_course: ['new course data privacy basics', 'create a course', 'add a training course'],
  propose_compensation_change: ['give bob a raise', 'propose a salary change', 'raise her salary'],
  create_compensation_item: ['give bob a bonus', 'record a bonus', 'add an allowance'],
};

/**
 * More ways people ask, written from each tool's purpose (not from corpus rows): a new area adds lines like these.
 */
const MORE_EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  get_org_chart: [
    'who reports to me',
    'who reports to her',
    'who does he report to',
    'my reporting line',
    'org structure',
    'who is under me',
    'the company hierarchy',
    'team structure',
  ],
  get_time_tracking_policy: [
    'working hours policy',
    'how many hours a day should I work',
    'break rules',
    'overtime rules',
    'time tracking rules',
  ],
  get_weekly_timesheet: [
    'my hours this week',
    'hours worked this week',
    'weekly hours',
    'how many hours have I worked this week',
    'my weekly timesheet',
  ],
  get_monthly_timesheet: [
    'my hours this month',
    'monthly hours',
    'hours worked this month',
    'my monthly timesheet',
    'timesheet for the month',
  ],
  list_time_entries: ['my clock entries', 'my clock ins and outs', 'time entries', 'when did I clock in', 'my punches'],
  submit_timesheet: [
    'submit my timesheet',
    'send my hours for approval',
    'submit my hours for the week',
    'hand in my timesheet',
  ],
  list_expense_claims: [
    'my expense reports',
    'expenses I submitted',
    'status of my expenses',
    'my reimbursements',
    'my claims',
  ],
  list_enrolments: ['trainings I signed up for', 'my course enrolments', 'courses I am taking', 'my learning'],
  list_offboarding_processes: [
    'who is leaving',
    'people leaving the company',
    'leavers this month',
    'offboardings in progress',
    'exits',
  ],
  list_onboarding_processes: [
    'who is starting',
    'new starters',
    'onboardings in progress',
    'new hires being onboarded',
  ],
  list_playbook_documents: [
    'the staff handbook',
    'company handbook',
    'policy documents',
    'hr policies',
    'show me the code of conduct',
  ],
  list_signature_requests: [
    'contracts to sign',
    'my pending signatures',
    'e-signature requests',
    'documents awaiting signature',
  ],
  list_social_posts: ['company news', 'what is new in the company', 'announcements', 'the news feed'],
  get_work_from_anywhere_policy: [
    'how many days can I work abroad',
    'work abroad policy',
    'wfa policy',
    'rules for working from another country',
  ],
  set_birthday_consent: [
    'hide my birthday',
    'do not show my birthday',
    'show my birthday',
    'stop showing my birthday to colleagues',
    'make my birthday private',
  ],
  start_payroll_run: [
    'run payroll',
    'start payroll',
    'run the payroll for this month',
    'kick off payroll',
    'start the payroll run',
  ],
  get_absence_analytics: ['sick leave rate', 'absence statistics', 'absence trends', 'absenteeism'],
  get_headcount_analytics: ['how many employees do we have', 'headcount', 'staff numbers', 'number of employees'],
  list_departments: ['all departments', 'our departments', 'department list'],
  list_locations: ['office addresses', 'where do we have offices'],
  list_job_openings: ['jobs we are hiring for', 'current vacancies'],
  create_social_post: [
    'post a message to everyone',
    'share an announcement',
    'post to the company feed',
    'write a post',
  ],
  clock_out: ['clockout', 'clock me out', 'i am done for the day', 'finished work', 'signing off for the day'],
  start_break: ['taking a break', 'going on break', 'pause my time', 'lunch break now', 'coffee break'],
  end_break: ['break over', 'back from break', 'back from lunch', 'end my break', 'resume work'],
  clock_in: ['clock me in', 'starting work now', 'start my day'],
};

/**
 * Everyday paraphrases per tool, again from each tool's purpose: synonyms a tool's own words lack (pay for salary,
 * kit for equipment, holidays for leave), abbreviations (WFA, OKRs, PTO) and the questions people ask instead of
 * naming the list ("who has my laptop", "how much did we spend").
 */
const PARAPHRASES: Readonly<Record<string, readonly string[]>> = {
  // Organization
  list_people: ['employee directory', 'colleagues list', 'who is in the company', 'staff list', 'find a colleague'],
  list_teams: ['which teams exist', 'team list', 'our teams'],
  list_locations: ['our sites', 'company offices', 'office list'],
  list_positions: ['vacant positions', 'headcount plan positions'],
  list_users: ['who can log in', 'user list', 'accounts with admin rights', 'roles of the users'],
  get_org_chart: ['org chart', 'organigram', 'who is whose manager', 'reporting structure'],
  // Notifications
  list_my_notifications: ['unread notifications', 'new alerts', 'anything new for me', 'my notification feed'],
  get_notification_preferences: ['which notifications are turned on', 'notification settings', 'my alert settings'],
  // Time tracking
  list_timesheets: ['timesheets submitted', 'weeks I submitted', 'timesheets waiting for sign-off', 'my timesheets'],
  list_time_corrections: ['correction requests for my hours', 'pending time corrections', 'my correction requests'],
  list_time_entries: ['my logged hours', 'my time log', 'entries I clocked', 'clock history'],
  get_weekly_timesheet: ['hours this week', 'how many hours did I work last week', 'week hours'],
  get_monthly_timesheet: ['how many hours did I work last month', 'hours of the month', 'my month in hours'],
  get_time_tracking_policy: ['how long is the lunch break', 'maximum working hours', 'rest time rules'],
  // Expenses
  list_expense_claims: [
    'expense claims waiting for approval',
    'submitted expenses',
    'rejected expenses',
    'reimbursed expenses',
    'my expense claims',
    'have my expenses been paid back',
    'expenses still pending',
  ],
  list_expense_categories: ['what can I get reimbursed', 'mileage allowance rate', 'expense types', 'meal limit'],
  get_expense_analytics: [
    'expense totals',
    'total expenses this year',
    'how much did we spend',
    'spend per category',
    'expense report by quarter',
  ],
  // Work from anywhere
  list_work_from_anywhere_requests: [
    'wfa requests',
    'work from anywhere requests',
    'requests to work remotely abroad',
    'pending remote work requests',
  ],
  list_people_abroad: ['who is working abroad today', 'who works remotely from another country', 'people abroad'],
  // Payroll and compensation
  list_payslips: ['my payslips', 'my salary slips', 'pay stubs', 'how much was I paid', 'my pay slip', 'my wage slips'],
  list_payroll_runs: ['payroll runs this year', 'which payrolls have been paid', 'payroll status'],
  list_pay_periods: ['closed pay periods', 'payroll months', 'pay period calendar'],
  list_pay_bands: ['salary bands by level', 'pay scale', 'salary grid'],
  list_compensation_changes: ['pending raises', 'salary increase proposals', 'raises waiting for approval'],
  // Learning
  list_courses: ['available trainings', 'course catalogue', 'training offers'],
  list_enrolments: ['my training enrolments', 'courses I signed up for', 'trainings I completed'],
  list_training_requirements: ['mandatory trainings', 'trainings I must take', 'compliance trainings'],
  // Certificates
  list_certifications: ['licences that expire soon', 'certifications of the team', 'expiring certifications'],
  list_employment_certificates: ['employment letters issued', 'work certificates', 'certificates of employment'],
  // Performance
  list_reviews: ['performance reviews I must write', 'reviews I have to do', 'my performance review', 'open reviews'],
  list_review_cycles: ['performance cycles', 'appraisal cycles', 'review periods'],
  list_goals: ['goals of my team', 'team objectives', 'my key results', 'progress on my goals', 'okrs'],
  // Social, playbook, inventory, messages
  list_social_posts: ['posts in my department', 'latest posts', 'team posts'],
  list_celebrations: ['birthdays', 'whose birthday is it', 'anniversaries this month', 'upcoming work anniversaries'],
  list_playbook_documents: ['hr handbook', 'company rules', 'the employee playbook'],
  list_playbook_acknowledgements: ['policies to acknowledge', 'acknowledgements I owe', 'policies I have not read'],
  list_playbook_unacknowledged: ['who has not acknowledged the policy', 'who has not read the new policy yet'],
  list_inventory_holdings: ['my equipment', 'what kit do I have', 'which laptop do I have', 'devices assigned to me'],
  list_inventory_items: ['laptops in stock', 'equipment available', 'inventory list', 'company equipment'],
  list_conversations: ['my messages', 'my direct messages', 'chats with colleagues', 'unread messages'],
  list_signature_requests: [
    'documents to sign',
    'pending signature requests',
    'signatures I am waiting for',
    'what do I have to sign',
    'anything for me to sign',
  ],
  // Recruiting
  list_job_openings: ['open vacancies', 'roles we are hiring for', 'job postings', 'open roles'],
  list_applications: ['candidates', 'applicants', 'candidates in the pipeline', 'who applied'],
  list_interviews: ['interviews this week', 'scheduled interviews', 'interview schedule'],
  list_offers: ['offers made to candidates', 'pending offers', 'offers waiting for approval'],
  // Onboarding and offboarding
  list_onboarding_tasks: ['my onboarding tasks', 'onboarding to do', 'what do I have to do for onboarding'],
  list_offboarding_tasks: ['my offboarding tasks', 'offboarding to do', 'tasks for a leaver'],
  // Leave, approvals and analytics
  list_leave_policies: ['leave rules', 'what kinds of leave can I take', 'leave types available', 'pto policy'],
  list_public_holidays: [
    'holidays calendar',
    'public holidays this year',
    'national holidays',
    'days off for everyone',
  ],
  list_approval_flows: ['approval workflows', 'who approves what', 'approval rules'],
  get_approval_flow: [
    'who approves expense claims',
    'who signs off timesheets',
    'how does a leave request get approved',
  ],
  get_headcount_analytics: ['headcount this year', 'how many people joined and left', 'attrition'],
  get_overtime_analytics: ['overtime this year', 'how much overtime', 'overtime per month'],
  get_time_to_hire_analytics: ['time to hire this year', 'average time to hire', 'hiring speed'],
  get_leave_liability_analytics: ['cost of untaken leave', 'leave liability this year', 'accrued leave liability'],
};

/** Every tool's examples: the three lists together. */
export const TOOL_EXAMPLES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  [...new Set([...Object.keys(FIRST_EXAMPLES), ...Object.keys(MORE_EXAMPLES), ...Object.keys(PARAPHRASES)])].map(
    (tool) => [tool, [...(FIRST_EXAMPLES[tool] ?? []), ...(MORE_EXAMPLES[tool] ?? []), ...(PARAPHRASES[tool] ?? [])]],
  ),
);

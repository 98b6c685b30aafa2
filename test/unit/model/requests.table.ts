/**
 * The built-in model's specification as a table: everyday requests (phrasings, date forms, typos, polite forms,
 * upper and lower case) with the exact step expected for each, as the first message of a conversation. Unless a
 * case says otherwise, today is Monday 23 November 2026 in Europe/Paris, the user is Alice Martin (EMPLOYEE) and
 * the catalogue holds all the leave tools of the registry. The expected dates were worked out by hand from
 * docs/model.md's rules, not copied from the model's output.
 */

import type { ModelStep } from '../../../model/types';

export interface RequestCase {
  text: string;
  expected: ModelStep;
  /** Another "today" (YYYY-MM-DD), for year rollover. */
  today?: string;
  /** Another catalogue: the registry tools named (`external` adds an mcp__ payroll tool). */
  tools?: readonly string[];
  external?: boolean;
}

const ID = 'call_1_0';

function create(args: Record<string, unknown>, text: string): ModelStep {
  return { type: 'tool_calls', calls: [{ id: ID, tool: 'create_leave_request', arguments: args }], text };
}

function read(tool: string, args: Record<string, unknown> = {}): ModelStep {
  return { type: 'tool_calls', calls: [{ id: ID, tool, arguments: args }] };
}

function question(text: string, choices?: string[]): ModelStep {
  return choices ? { type: 'question', text, choices } : { type: 'question', text };
}

function reply(text: string): ModelStep {
  return { type: 'reply', text };
}

const POLICIES = ['Annual leave', 'Sick leave', 'Unpaid leave', 'Parental leave'];
const HELP =
  'I can book leave ("4-6 May for a family trip", "half day on Friday", "I\'m sick today"), show your leave balances, ' +
  "list your or your team's leave requests, cancel one of your requests, show the requests waiting for your approval, " +
  'approve or reject them and run the untaken-leave report.';
const READ_ONLY = ['get_me', 'list_leave_requests', 'get_leave_balances'];

export const REQUESTS: RequestCase[] = [
  // Booking: date forms.
  {
    text: 'Book leave next Monday to Wednesday',
    expected: create(
      { start_date: '2026-11-30', end_date: '2026-12-02' },
      "I'll request leave from Mon 30 Nov to Wed 2 Dec 2026.",
    ),
  },
  {
    text: "I'd like 3 days off from 4 May",
    expected: create({ start_date: '2027-05-04', days: 3 }, "I'll request leave for 3 days from Tue 4 May 2027."),
  },
  {
    text: 'half day on Friday',
    expected: create({ start_date: '2026-11-27', half_day: true }, "I'll request leave on Fri 27 Nov 2026 (half day)."),
  },
  {
    text: 'book annual leave from 4 May to 6 May for a family trip',
    expected: create(
      { start_date: '2027-05-04', end_date: '2027-05-06', policy: 'Annual leave', reason: 'family trip' },
      "I'll request Annual leave from Tue 4 May to Thu 6 May 2027, reason: family trip.",
    ),
  },
  {
    text: '4-6 May please',
    expected: create(
      { start_date: '2027-05-04', end_date: '2027-05-06' },
      "I'll request leave from Tue 4 May to Thu 6 May 2027.",
    ),
  },
  {
    text: 'Can I take May 4th off?',
    expected: create({ start_date: '2027-05-04' }, "I'll request leave on Tue 4 May 2027."),
  },
  {
    // Day or month first: nothing in the text says which, so the model asks (issue 22).
    text: 'book 04/05',
    expected: question('Do you mean Tue 4 May 2027 or Mon 5 Apr 2027? Which days would you like off?', [
      'Tue 4 May 2027',
      'Mon 5 Apr 2027',
    ]),
  },
  {
    text: 'Please book 2027-05-04',
    expected: create({ start_date: '2027-05-04' }, "I'll request leave on Tue 4 May 2027."),
  },
  {
    text: 'book 05/13',
    expected: create({ start_date: '2027-05-13' }, "I'll request leave on Thu 13 May 2027."),
  },
  {
    text: 'book leave 04/05/2027 to 07/05/2027',
    expected: create(
      { start_date: '2027-05-04', end_date: '2027-05-07' },
      "I'll request leave from Tue 4 May to Fri 7 May 2027.",
    ),
  },
  {
    text: 'Take a week off from Monday',
    expected: create(
      { start_date: '2026-11-30', end_date: '2026-12-04' },
      "I'll request leave from Mon 30 Nov to Fri 4 Dec 2026.",
    ),
  },
  {
    text: 'for two weeks from 1 Feb',
    expected: create(
      { start_date: '2027-02-01', end_date: '2027-02-12' },
      "I'll request leave from Mon 1 Feb to Fri 12 Feb 2027.",
    ),
  },
  { text: 'book the 14th', expected: create({ start_date: '2026-12-14' }, "I'll request leave on Mon 14 Dec 2026.") },
  {
    text: 'book wendesday off',
    expected: create({ start_date: '2026-11-25' }, "I'll request leave on Wed 25 Nov 2026."),
  },
  {
    text: 'Thrusday and firday off please',
    expected: create(
      { start_date: '2026-11-26', end_date: '2026-11-27' },
      "I'll request leave from Thu 26 Nov to Fri 27 Nov 2026.",
    ),
  },
  {
    text: 'I need Monday and Thursday next week off',
    expected: {
      type: 'tool_calls',
      calls: [
        { id: 'call_1_0', tool: 'create_leave_request', arguments: { start_date: '2026-11-30' } },
        { id: 'call_1_1', tool: 'create_leave_request', arguments: { start_date: '2026-12-03' } },
      ],
      text: "I'll request leave on Mon 30 Nov 2026 and on Thu 3 Dec 2026.",
    },
  },
  {
    text: 'book leave from 28 Dec to 3 Jan',
    expected: create(
      { start_date: '2026-12-28', end_date: '2027-01-03' },
      "I'll request leave from Mon 28 Dec 2026 to Sun 3 Jan 2027.",
    ),
  },
  {
    text: 'book leave from the 14th to the 18th of December',
    expected: create(
      { start_date: '2026-12-14', end_date: '2026-12-18' },
      "I'll request leave from Mon 14 Dec to Fri 18 Dec 2026.",
    ),
  },
  {
    text: 'Mon-Wed next week',
    expected: create(
      { start_date: '2026-11-30', end_date: '2026-12-02' },
      "I'll request leave from Mon 30 Nov to Wed 2 Dec 2026.",
    ),
  },
  {
    text: '3 working days from Friday',
    expected: create(
      { start_date: '2026-11-27', end_date: '2026-12-01' },
      "I'll request leave from Fri 27 Nov to Tue 1 Dec 2026.",
    ),
  },
  {
    text: "I'm off tomorrow",
    expected: create({ start_date: '2026-11-24' }, "I'll request leave on Tue 24 Nov 2026."),
  },
  {
    text: 'book the day after tomorrow',
    expected: create({ start_date: '2026-11-25' }, "I'll request leave on Wed 25 Nov 2026."),
  },
  {
    text: 'Can I have this Friday off?',
    expected: create({ start_date: '2026-11-27' }, "I'll request leave on Fri 27 Nov 2026."),
  },
  { text: 'book next friday', expected: create({ start_date: '2026-12-04' }, "I'll request leave on Fri 4 Dec 2026.") },
  {
    text: 'Book Friday 4 December',
    expected: create({ start_date: '2026-12-04' }, "I'll request leave on Fri 4 Dec 2026."),
  },
  {
    text: 'May 4-6',
    expected: create(
      { start_date: '2027-05-04', end_date: '2027-05-06' },
      "I'll request leave from Tue 4 May to Thu 6 May 2027.",
    ),
  },
  {
    text: 'book the 4th to 6th of May',
    expected: create(
      { start_date: '2027-05-04', end_date: '2027-05-06' },
      "I'll request leave from Tue 4 May to Thu 6 May 2027.",
    ),
  },
  {
    text: 'book 23 November',
    expected: create({ start_date: '2026-11-23' }, "I'll request leave on Mon 23 Nov 2026."),
  },
  {
    // Gone four days ago: that day, or next year's? (lateDates.ts)
    text: 'book 19 November',
    expected: question('Do you mean Thu 19 Nov 2026 or Fri 19 Nov 2027? Which days would you like off?', [
      'Thu 19 Nov 2026',
      'Fri 19 Nov 2027',
    ]),
  },
  {
    text: 'PLEASE BOOK ME OFF ON TUESDAY',
    expected: create({ start_date: '2026-11-24' }, "I'll request leave on Tue 24 Nov 2026."),
  },

  // Booking: policies.
  {
    text: "I'm sick today",
    expected: create({ start_date: '2026-11-23', policy: 'Sick leave' }, "I'll request Sick leave on Mon 23 Nov 2026."),
  },
  {
    text: 'I was sick on Friday',
    expected: create({ start_date: '2026-11-20', policy: 'Sick leave' }, "I'll request Sick leave on Fri 20 Nov 2026."),
  },
  {
    text: "feeling unwell, won't come in tomorrow",
    expected: create({ start_date: '2026-11-24', policy: 'Sick leave' }, "I'll request Sick leave on Tue 24 Nov 2026."),
  },
  {
    text: 'Book unpaid leave from 1 to 5 March',
    expected: create(
      { start_date: '2027-03-01', end_date: '2027-03-05', policy: 'Unpaid leave' },
      "I'll request Unpaid leave from Mon 1 Mar to Fri 5 Mar 2027.",
    ),
  },
  {
    text: 'paternity leave for 2 weeks from 11 January',
    expected: create(
      { start_date: '2027-01-11', end_date: '2027-01-22', policy: 'Parental leave' },
      "I'll request Parental leave from Mon 11 Jan to Fri 22 Jan 2027.",
    ),
  },
  {
    text: 'vacation 21-23 December',
    expected: create(
      { start_date: '2026-12-21', end_date: '2026-12-23', policy: 'Annual leave' },
      "I'll request Annual leave from Mon 21 Dec to Wed 23 Dec 2026.",
    ),
  },
  {
    text: 'hollidays from 21/12 to 24/12',
    expected: create(
      { start_date: '2026-12-21', end_date: '2026-12-24', policy: 'Annual leave' },
      "I'll request Annual leave from Mon 21 Dec to Thu 24 Dec 2026.",
    ),
  },
  {
    text: 'could you kindly book annual leave for 7-11 Dec, thanks',
    expected: create(
      { start_date: '2026-12-07', end_date: '2026-12-11', policy: 'Annual leave' },
      "I'll request Annual leave from Mon 7 Dec to Fri 11 Dec 2026.",
    ),
  },
  {
    text: 'book study leave on Friday',
    expected: question('I don\'t know a "study leave" policy. Which one should I use?', POLICIES),
  },
  {
    text: 'compassionate leave tomorrow',
    expected: question('I don\'t know a "compassionate leave" policy. Which one should I use?', POLICIES),
  },

  // Booking: reasons and half days.
  {
    text: "I need Friday off for my sister's wedding",
    expected: create(
      { start_date: '2026-11-27', reason: "my sister's wedding" },
      "I'll request leave on Fri 27 Nov 2026, reason: my sister's wedding.",
    ),
  },
  {
    text: "book 2-3 December because I'm moving house",
    expected: create(
      { start_date: '2026-12-02', end_date: '2026-12-03', reason: "I'm moving house" },
      "I'll request leave from Wed 2 Dec to Thu 3 Dec 2026, reason: I'm moving house.",
    ),
  },
  {
    text: 'Take tomorrow off, reason: dentist appointment',
    expected: create(
      { start_date: '2026-11-24', reason: 'dentist appointment' },
      "I'll request leave on Tue 24 Nov 2026, reason: dentist appointment.",
    ),
  },
  {
    text: 'half-day tomorrow afternoon',
    expected: create({ start_date: '2026-11-24', half_day: true }, "I'll request leave on Tue 24 Nov 2026 (half day)."),
  },
  {
    text: 'Friday morning off',
    expected: create({ start_date: '2026-11-27', half_day: true }, "I'll request leave on Fri 27 Nov 2026 (half day)."),
  },

  // Booking: questions when something is missing or ambiguous.
  { text: 'book a half day', expected: question('Which day would you like the half day on?') },
  { text: 'book some leave', expected: question('Which days would you like off?') },
  {
    text: 'book leave next week',
    expected: question('Which days next week? The whole week (Mon 30 Nov – Fri 4 Dec) or some of them?', [
      'The whole week (Mon 30 Nov – Fri 4 Dec)',
      'Mon 30 Nov',
      'Tue 1 Dec',
      'Wed 2 Dec',
      'Thu 3 Dec',
      'Fri 4 Dec',
    ]),
  },
  { text: 'I want to take some time off in December', expected: question('Which days in December 2026?') },
  { text: 'book leave from Monday', expected: question('From Mon 30 Nov 2026 until when?') },
  { text: 'book 3 days off', expected: question('Which day should the 3 days off start?') },
  {
    text: '3 days from Friday',
    expected: question(
      'Do you mean 3 working days (Fri 27 Nov – Tue 1 Dec) or 3 calendar days (Fri 27 Nov – Sun 29 Nov), weekend included?',
      ['3 working days (Fri 27 Nov – Tue 1 Dec)', '3 calendar days (Fri 27 Nov – Sun 29 Nov)'],
    ),
  },
  {
    text: 'book leave on 31 April',
    expected: question("I couldn't find that date in the calendar. Which days would you like off?"),
  },
  {
    text: 'half day next Monday to Wednesday',
    expected: question('A half day is a single day: which day would you like?', [
      'Mon 30 Nov',
      'Tue 1 Dec',
      'Wed 2 Dec',
    ]),
  },
  { text: 'Book Saturday', expected: question('Sat 28 Nov 2026 is a weekend day. Which days would you like off?') },

  // Balances.
  { text: "What's my balance?", expected: read('get_leave_balances') },
  { text: 'how many days of holiday do I have left', expected: read('get_leave_balances') },
  { text: 'whats my balence', expected: read('get_leave_balances') },
  { text: 'How much sick leave have I got left for 2027?', expected: read('get_leave_balances', { year: 2027 }) },
  { text: 'show my leave allowance for last year', expected: read('get_leave_balances', { year: 2025 }) },

  // Lists.
  { text: 'show my requests', expected: read('list_leave_requests') },
  { text: 'show my pending requests', expected: read('list_leave_requests', { status: 'PENDING' }) },
  { text: 'show my pendng requests', expected: read('list_leave_requests', { status: 'PENDING' }) },
  { text: 'list my approved holidays', expected: read('list_leave_requests', { status: 'APPROVED' }) },
  { text: "show my team's requests", expected: read('list_leave_requests') },
  { text: 'who is off next week', expected: read('list_leave_requests', { from: '2026-11-30', to: '2026-12-06' }) },
  { text: "Who's out today?", expected: read('list_leave_requests', { from: '2026-11-23', to: '2026-11-23' }) },
  { text: 'my last 5 requests', expected: read('list_leave_requests', { limit: 5 }) },
  {
    text: 'any rejected requests in December?',
    expected: read('list_leave_requests', { status: 'REJECTED', from: '2026-12-01', to: '2026-12-31' }),
  },
  {
    text: 'Has my leave for next Friday been approved?',
    expected: read('list_leave_requests', { from: '2026-12-04', to: '2026-12-04' }),
  },
  {
    text: 'show cancelled requests from this year',
    expected: read('list_leave_requests', { status: 'CANCELLED', from: '2026-01-01', to: '2026-12-31' }),
  },

  // The untaken-leave report.
  { text: 'run the untaken leave report', expected: read('untaken_leave_report') },
  { text: 'untakn leave reprot', expected: read('untaken_leave_report') },
  { text: 'who has more than 10 days untaken', expected: read('untaken_leave_report', { min_untaken_days: 10.5 }) },
  {
    text: 'untaken report for 2025 with at least 5 days of sick leave',
    expected: read('untaken_leave_report', { year: 2025, min_untaken_days: 5, policy: 'Sick leave' }),
  },
  {
    text: 'Which employees still have 15+ days of holiday left?',
    expected: read('untaken_leave_report', { min_untaken_days: 15, policy: 'Annual leave' }),
  },
  { text: 'unused leave last year', expected: read('untaken_leave_report', { year: 2025 }) },
  {
    text: "Show me who hasn't taken their annual leave this year",
    expected: read('untaken_leave_report', { year: 2026, policy: 'Annual leave' }),
  },

  // Cancelling, approvals, decisions: the first step lists what there is to act on.
  {
    text: 'cancel my leave on Friday',
    expected: read('list_leave_requests', { from: '2026-11-27', to: '2026-11-27' }),
  },
  { text: 'please withdraw my pending request', expected: read('list_leave_requests', { status: 'PENDING' }) },
  { text: 'what is waiting for my approval', expected: read('list_leave_approvals') },
  { text: 'Anything I need to approve?', expected: read('list_leave_approvals') },
  { text: "approve Bob's request", expected: read('list_leave_approvals') },
  { text: 'reject the request from Carol because we are short-staffed', expected: read('list_leave_approvals') },

  // Identity and conversation.
  { text: 'who am I', expected: read('get_me') },
  { text: 'hello', expected: reply(`Hello Alice! ${HELP}`) },
  { text: 'help', expected: reply(HELP) },
  { text: 'thanks!', expected: reply("You're welcome!") },
  {
    text: "what's the weather like",
    expected: reply(`Sorry, that is outside what I can do: I'm your HR assistant. ${HELP}`),
  },

  // Tools the user's access leaves out of the catalogue.
  {
    text: 'book Friday off',
    tools: READ_ONLY,
    expected: reply(
      "Sorry, I can't book leave here: the token of this session lacks the leave:write scope (creating leave requests). A token with leave:write would let me.",
    ),
  },
  {
    text: 'run the untaken leave report',
    tools: READ_ONLY,
    expected: reply(
      "Sorry, I can't run the untaken-leave report here: the token of this session lacks the reports:read scope (running reports). A token with reports:read would let me.",
    ),
  },
  {
    text: "approve Bob's request",
    tools: READ_ONLY,
    expected: reply(
      "Sorry, I can't approve or reject requests here: the token of this session lacks the leave:write scope (deciding leave requests). A token with leave:write would let me.",
    ),
  },
  {
    text: 'help',
    tools: READ_ONLY,
    expected: reply("I can show your leave balances and list your or your team's leave requests."),
  },

  // More everyday phrasings.
  {
    text: 'Hi, can you book me off next Tuesday?',
    expected: create({ start_date: '2026-12-01' }, "I'll request leave on Tue 1 Dec 2026."),
  },
  {
    text: "I'd like to request annual leave from December 21st to December 24th",
    expected: create(
      { start_date: '2026-12-21', end_date: '2026-12-24', policy: 'Annual leave' },
      "I'll request Annual leave from Mon 21 Dec to Thu 24 Dec 2026.",
    ),
  },
  {
    text: "Need the 2nd of December off for a doctor's appointment",
    expected: create(
      { start_date: '2026-12-02', reason: "doctor's appointment" },
      "I'll request leave on Wed 2 Dec 2026, reason: doctor's appointment.",
    ),
  },
  {
    text: 'Off sick today',
    expected: create({ start_date: '2026-11-23', policy: 'Sick leave' }, "I'll request Sick leave on Mon 23 Nov 2026."),
  },
  {
    text: 'i want to go on vacation from 1/3 to 5/3',
    expected: create(
      { start_date: '2027-03-01', end_date: '2027-03-05', policy: 'Annual leave' },
      "I'll request Annual leave from Mon 1 Mar to Fri 5 Mar 2027.",
    ),
  },
  {
    text: 'Book me out Wednesday afternoon',
    expected: create({ start_date: '2026-11-25', half_day: true }, "I'll request leave on Wed 25 Nov 2026 (half day)."),
  },
  {
    text: 'book leave for the whole of next week',
    expected: create(
      { start_date: '2026-11-30', end_date: '2026-12-04' },
      "I'll request leave from Mon 30 Nov to Fri 4 Dec 2026.",
    ),
  },
  {
    text: 'book Monday through Wednesday next week',
    expected: create(
      { start_date: '2026-11-30', end_date: '2026-12-02' },
      "I'll request leave from Mon 30 Nov to Wed 2 Dec 2026.",
    ),
  },
  {
    text: 'can you book leave from 12/04 to 16/04/2027',
    expected: create(
      { start_date: '2027-04-12', end_date: '2027-04-16' },
      "I'll request leave from Mon 12 Apr to Fri 16 Apr 2027.",
    ),
  },
  { text: "what's my remaining annual leave", expected: read('get_leave_balances') },
  { text: 'what requests have I made?', expected: read('list_leave_requests') },
  {
    text: "Who's on holiday this week?",
    expected: read('list_leave_requests', { from: '2026-11-23', to: '2026-11-29' }),
  },
  {
    text: 'show approved leave for next month',
    expected: read('list_leave_requests', { status: 'APPROVED', from: '2026-12-01', to: '2026-12-31' }),
  },
  {
    text: 'list employees with more than 5 days of annual leave unused',
    expected: read('untaken_leave_report', { min_untaken_days: 5.5, policy: 'Annual leave' }),
  },
  { text: 'Approve all pending requests', expected: read('list_leave_approvals') },
  {
    text: 'I no longer need my leave on Friday, please cancel it',
    expected: read('list_leave_requests', { from: '2026-11-27', to: '2026-11-27' }),
  },

  // Weeks and months gone, and a range said with "between … and".
  {
    text: 'I was sick last week',
    expected: question('Which days last week? The whole week (Mon 16 Nov – Fri 20 Nov) or some of them?', [
      'The whole week (Mon 16 Nov – Fri 20 Nov)',
      'Mon 16 Nov',
      'Tue 17 Nov',
      'Wed 18 Nov',
      'Thu 19 Nov',
      'Fri 20 Nov',
    ]),
  },
  { text: 'who was off last week', expected: read('list_leave_requests', { from: '2026-11-16', to: '2026-11-22' }) },
  {
    text: 'show my requests from last month',
    expected: read('list_leave_requests', { from: '2026-10-01', to: '2026-10-31' }),
  },
  {
    text: 'book leave between 4 and 8 January',
    expected: create(
      { start_date: '2027-01-04', end_date: '2027-01-08' },
      "I'll request leave from Mon 4 Jan to Fri 8 Jan 2027.",
    ),
  },

  // Another today: the year rolls over.
  {
    text: 'book 4 January',
    today: '2026-12-28',
    expected: create({ start_date: '2027-01-04' }, "I'll request leave on Mon 4 Jan 2027."),
  },
  {
    text: 'book the 5th',
    today: '2026-12-28',
    expected: create({ start_date: '2027-01-05' }, "I'll request leave on Tue 5 Jan 2027."),
  },
  {
    text: 'book leave from 30 Dec to 2 Jan',
    today: '2026-12-28',
    expected: create(
      { start_date: '2026-12-30', end_date: '2027-01-02' },
      "I'll request leave from Wed 30 Dec 2026 to Sat 2 Jan 2027.",
    ),
  },
  {
    text: 'next Monday',
    today: '2026-12-28',
    expected: create({ start_date: '2027-01-04' }, "I'll request leave on Mon 4 Jan 2027."),
  },
  {
    text: 'book 29 February',
    today: '2027-02-26',
    expected: create({ start_date: '2028-02-29' }, "I'll request leave on Tue 29 Feb 2028."),
  },
  {
    text: 'book 3 days from Monday',
    today: '2027-02-26',
    expected: create({ start_date: '2027-03-01', days: 3 }, "I'll request leave for 3 days from Mon 1 Mar 2027."),
  },

  // An external tool, named by the user.
  {
    text: 'call mcp__payroll__get_payslip month=2026-10',
    external: true,
    expected: {
      type: 'tool_calls',
      calls: [{ id: ID, tool: 'mcp__payroll__get_payslip', arguments: { month: '2026-10' } }],
      text: "I'll call mcp__payroll__get_payslip.",
    },
  },
  // An external tool named in plain words (tool and server), its one required string argument after "with".
  {
    text: 'call echo with hello on the everything server',
    external: true,
    expected: {
      type: 'tool_calls',
      calls: [{ id: ID, tool: 'mcp__everything__echo', arguments: { message: 'hello' } }],
      text: "I'll call mcp__everything__echo.",
    },
  },
  {
    text: 'Please call echo with "good morning" on everything.',
    external: true,
    expected: {
      type: 'tool_calls',
      calls: [{ id: ID, tool: 'mcp__everything__echo', arguments: { message: 'good morning' } }],
      text: "I'll call mcp__everything__echo.",
    },
  },
  {
    text: 'use echo on the everything server',
    external: true,
    expected: question('What should I pass to mcp__everything__echo as message?'),
  },
  {
    text: 'get payslip from payroll month=2026-09',
    external: true,
    expected: {
      type: 'tool_calls',
      calls: [{ id: ID, tool: 'mcp__payroll__get_payslip', arguments: { month: '2026-09' } }],
      text: "I'll call mcp__payroll__get_payslip.",
    },
  },
];

/**
 * The built-in model on the company API's six everyday requests (issue 19, item 6) and the variants people type,
 * as a table: the exact step expected for each, as the first message of a conversation. Two fixed days make it
 * pass on any day: Wednesday 25 November 2026 (unless a row says otherwise) and Monday 1 March 2027; the tenant is
 * in Europe/Paris (UTC+1 in winter, UTC+2 in summer) unless a row names another zone. Instants, minor units and
 * dates were worked out by hand, not copied from the model's output.
 */

import type { ModelStep } from '../../../model/types';

export interface CompanyCase {
  text: string;
  expected: ModelStep;
  today?: string;
  timeZone?: string;
  /** The catalogue: every agent tool (default), or only the leave tools (`leaveOnly`, for refusals). */
  leaveOnly?: boolean;
}

export const WED = '2026-11-25';
export const MAR = '2027-03-01';
const ID = 'call_1_0';

function call(tool: string, args: Record<string, unknown>, text?: string): ModelStep {
  const step: ModelStep = { type: 'tool_calls', calls: [{ id: ID, tool, arguments: args }] };
  if (text !== undefined) step.text = text;
  return step;
}

function question(text: string, choices?: string[]): ModelStep {
  return choices ? { type: 'question', text, choices } : { type: 'question', text };
}

function reply(text: string): ModelStep {
  return { type: 'reply', text };
}

const clock = (tool: string, text: string) => call(tool, {}, text);

function entry(startedAt: string, endedAt: string, text: string, breakMinutes?: number): ModelStep {
  return call(
    'create_time_entry',
    { startedAt, endedAt, ...(breakMinutes !== undefined ? { breakMinutes } : {}) },
    `I'll record your work on ${text}`,
  );
}

function expense(line: Record<string, unknown>, title: string, text: string, submit = true): ModelStep {
  return call('create_expense_claim', { title, lines: [line], submit }, text);
}

function wfa(args: Record<string, unknown>, text: string): ModelStep {
  return call('create_work_from_anywhere_request', args, text);
}

const CATEGORIES = ['Travel', 'Taxi', 'Meals', 'Accommodation', 'Mileage', 'Office supplies'];

export const COMPANY_REQUESTS: CompanyCase[] = [
  // 1. The live clock: writes, each waiting for approval in the run.
  { text: 'clock me in', expected: clock('clock_in', "I'll clock you in now.") },
  { text: 'Clock me out', expected: clock('clock_out', "I'll clock you out now.") },
  { text: 'start my break', expected: clock('start_break', "I'll start your break now.") },
  { text: 'end my break', expected: clock('end_break', "I'll end your break now.") },
  { text: 'please punch me in', expected: clock('clock_in', "I'll clock you in now.") },
  { text: "I'm finishing my shift", expected: clock('clock_out', "I'll clock you out now.") },
  { text: 'taking a quick coffee break', expected: clock('start_break', "I'll start your break now.") },
  { text: "I'm back from my lunch break", expected: clock('end_break', "I'll end your break now.") },

  // 2. Time one forgot to clock: the tenant's wall clock, sent as UTC instants.
  {
    text: 'I worked 9 to 5 yesterday, I forgot to clock',
    expected: entry(
      '2026-11-24T08:00:00.000Z',
      '2026-11-24T16:00:00.000Z',
      'Tue 24 Nov 2026 from 09:00 to 17:00 (Europe/Paris time).',
    ),
  },
  {
    text: '9am-5:30pm on Monday',
    expected: entry(
      '2026-11-23T08:00:00.000Z',
      '2026-11-23T16:30:00.000Z',
      'Mon 23 Nov 2026 from 09:00 to 17:30 (Europe/Paris time).',
    ),
  },
  {
    text: 'from 8 to 16 yesterday with a 30 minute break',
    expected: entry(
      '2026-11-24T07:00:00.000Z',
      '2026-11-24T15:00:00.000Z',
      'Tue 24 Nov 2026 from 08:00 to 16:00 with a 30-minute break (Europe/Paris time).',
      30,
    ),
  },
  {
    text: 'I worked 9 to 5 on Friday',
    today: MAR,
    expected: entry(
      '2027-02-26T08:00:00.000Z',
      '2027-02-26T16:00:00.000Z',
      'Fri 26 Feb 2027 from 09:00 to 17:00 (Europe/Paris time).',
    ),
  },
  {
    text: 'I worked 9 to 5 yesterday',
    today: '2027-06-15',
    expected: entry(
      '2027-06-14T07:00:00.000Z',
      '2027-06-14T15:00:00.000Z',
      'Mon 14 Jun 2027 from 09:00 to 17:00 (Europe/Paris time).',
    ),
  },
  {
    text: 'worked 8:30-16:30 today',
    timeZone: 'America/New_York',
    expected: entry(
      '2026-11-25T13:30:00.000Z',
      '2026-11-25T21:30:00.000Z',
      'Wed 25 Nov 2026 from 08:30 to 16:30 (America/New_York time).',
    ),
  },
  {
    text: 'I worked 22:00 to 06:00 on Saturday',
    expected: entry(
      '2026-11-21T21:00:00.000Z',
      '2026-11-22T05:00:00.000Z',
      'Sat 21 Nov 2026 from 22:00 to 06:00 the next day (Europe/Paris time).',
    ),
  },
  {
    text: 'I clocked in at 8 and out at 4 yesterday',
    expected: entry(
      '2026-11-24T07:00:00.000Z',
      '2026-11-24T15:00:00.000Z',
      'Tue 24 Nov 2026 from 08:00 to 16:00 (Europe/Paris time).',
    ),
  },
  {
    text: 'I worked 9 to 5 Monday to Wednesday',
    expected: {
      type: 'tool_calls',
      calls: ['23', '24', '25'].map((day, index) => ({
        id: `call_1_${index}`,
        tool: 'create_time_entry',
        arguments: { startedAt: `2026-11-${day}T08:00:00.000Z`, endedAt: `2026-11-${day}T16:00:00.000Z` },
      })),
      text: "I'll record your work on Mon 23 Nov, Tue 24 Nov and Wed 25 Nov 2026 from 09:00 to 17:00 (Europe/Paris time).",
    },
  },
  {
    text: 'I forgot to clock in yesterday',
    expected: question('What time did you start and finish on Tue 24 Nov 2026? For example "9 to 5" or "8:30-17:00".'),
  },
  {
    text: 'I worked 9 to 5 tomorrow',
    expected: question(
      'Thu 26 Nov 2026 is still to come, and I can only record time already worked (clock in for now). Which day did you work?',
    ),
  },

  // 3. Expenses: one line, minor units of the currency, the day gone, submitted unless a draft is asked for.
  {
    text: 'submit a 42.50 EUR taxi expense from Tuesday',
    expected: expense(
      { category: 'Taxi', date: '2026-11-24', description: 'Taxi', amountMinor: 4250, currency: 'EUR' },
      'Taxi on Tue 24 Nov 2026',
      "I'll submit a Taxi expense of 42.50 EUR on Tue 24 Nov 2026.",
    ),
  },
  {
    text: 'submit a 42.50 EUR taxi expense from Tuesday',
    today: MAR,
    expected: expense(
      { category: 'Taxi', date: '2027-02-23', description: 'Taxi', amountMinor: 4250, currency: 'EUR' },
      'Taxi on Tue 23 Feb 2027',
      "I'll submit a Taxi expense of 42.50 EUR on Tue 23 Feb 2027.",
    ),
  },
  {
    text: 'claim 12 euros for lunch yesterday',
    expected: expense(
      { category: 'Meals', date: '2026-11-24', description: 'Lunch', amountMinor: 1200, currency: 'EUR' },
      'Meals on Tue 24 Nov 2026',
      "I'll submit a Meals expense of 12.00 EUR on Tue 24 Nov 2026.",
    ),
  },
  {
    text: 'expense 30 km mileage on Monday',
    expected: expense(
      { category: 'Mileage', date: '2026-11-23', description: '30 km driven', distanceKm: 30 },
      'Mileage on Mon 23 Nov 2026',
      "I'll submit a Mileage expense of 30 km on Mon 23 Nov 2026.",
    ),
  },
  {
    text: 'I drove 20 miles to a client on Monday, claim mileage',
    expected: expense(
      { category: 'Mileage', date: '2026-11-23', description: '32.2 km driven', distanceKm: 32.2 },
      'Mileage on Mon 23 Nov 2026',
      "I'll submit a Mileage expense of 32.2 km on Mon 23 Nov 2026.",
    ),
  },
  {
    text: 'add an expense: uber 23,40€ yesterday',
    expected: expense(
      { category: 'Taxi', date: '2026-11-24', description: 'Uber', amountMinor: 2340, currency: 'EUR' },
      'Taxi on Tue 24 Nov 2026',
      "I'll submit a Taxi expense of 23.40 EUR on Tue 24 Nov 2026.",
    ),
  },
  {
    text: 'submit a 1500 JPY coffee expense today',
    expected: expense(
      { category: 'Meals', date: '2026-11-25', description: 'Coffee', amountMinor: 1500, currency: 'JPY' },
      'Meals on Wed 25 Nov 2026',
      "I'll submit a Meals expense of 1500 JPY on Wed 25 Nov 2026.",
    ),
  },
  {
    text: 'submit a 12.345 BHD taxi expense today',
    expected: expense(
      { category: 'Taxi', date: '2026-11-25', description: 'Taxi', amountMinor: 12345, currency: 'BHD' },
      'Taxi on Wed 25 Nov 2026',
      "I'll submit a Taxi expense of 12.345 BHD on Wed 25 Nov 2026.",
    ),
  },
  {
    text: 'save a draft expense for a 150 EUR hotel on 20 November',
    expected: expense(
      { category: 'Accommodation', date: '2026-11-20', description: 'Hotel', amountMinor: 15000, currency: 'EUR' },
      'Accommodation on Fri 20 Nov 2026',
      "I'll save a draft Accommodation expense of 150.00 EUR on Fri 20 Nov 2026.",
      false,
    ),
  },
  // No currency said: the claim's own (the pay currency), which the line leaves out.
  {
    text: 'claim 12 for lunch yesterday',
    expected: expense(
      { category: 'Meals', date: '2026-11-24', description: 'Lunch', amountMinor: 1200 },
      'Meals on Tue 24 Nov 2026',
      "I'll submit a Meals expense of 12.00 in your pay currency on Tue 24 Nov 2026.",
    ),
  },
  {
    text: 'expense 12.90 parking yesterday',
    expected: expense(
      { category: 'Travel', date: '2026-11-24', description: 'Parking', amountMinor: 1290 },
      'Travel on Tue 24 Nov 2026',
      "I'll submit a Travel expense of 12.90 in your pay currency on Tue 24 Nov 2026.",
    ),
  },
  {
    text: 'submit a taxi expense',
    expected: question('How much was it, and in which currency? For example "42.50 EUR".'),
  },
  {
    text: 'submit an expense of 30 EUR for a gift today',
    expected: question('Which category is the expense in?', CATEGORIES),
  },

  // 4. Working from abroad: the next such dates, the city's country.
  {
    text: "I'll work from Lisbon 3 to 14 March",
    expected: wfa(
      { country: 'PT', city: 'Lisbon', startDate: '2027-03-03', endDate: '2027-03-14' },
      "I'll ask to work from Lisbon, Portugal from Wed 3 Mar to Sun 14 Mar 2027.",
    ),
  },
  {
    text: "I'll work from Lisbon 3 to 14 March",
    today: MAR,
    expected: wfa(
      { country: 'PT', city: 'Lisbon', startDate: '2027-03-03', endDate: '2027-03-14' },
      "I'll ask to work from Lisbon, Portugal from Wed 3 Mar to Sun 14 Mar 2027.",
    ),
  },
  {
    text: "I'll work from Lisbon from 3 to 14 March to visit family",
    expected: wfa(
      { country: 'PT', city: 'Lisbon', startDate: '2027-03-03', endDate: '2027-03-14', reason: 'visit family' },
      "I'll ask to work from Lisbon, Portugal from Wed 3 Mar to Sun 14 Mar 2027, reason: visit family.",
    ),
  },
  {
    text: "I'd like to work from Split, Croatia 1-5 June",
    expected: wfa(
      { country: 'HR', city: 'Split', startDate: '2027-06-01', endDate: '2027-06-05' },
      "I'll ask to work from Split, Croatia from Tue 1 Jun to Sat 5 Jun 2027.",
    ),
  },
  {
    text: 'working remotely from Tokyo next week',
    expected: wfa(
      { country: 'JP', city: 'Tokyo', startDate: '2026-11-30', endDate: '2026-12-04' },
      "I'll ask to work from Tokyo, Japan from Mon 30 Nov to Fri 4 Dec 2026.",
    ),
  },
  {
    text: 'work from Madrid for 2 weeks from 1 February',
    expected: wfa(
      { country: 'ES', city: 'Madrid', startDate: '2027-02-01', endDate: '2027-02-14' },
      "I'll ask to work from Madrid, Spain from Mon 1 Feb to Sun 14 Feb 2027.",
    ),
  },
  { text: "I'll work from Springfield 5 to 9 April", expected: question('Which country is Springfield in?') },
  { text: "I'll work from Lisbon", expected: question('Which days will you work from Lisbon, Portugal?') },
  { text: 'work from Rome in March', expected: question('Which days in March 2027 will you work from Rome, Italy?') },

  // 5. Who is abroad: a day, or a window of days.
  { text: 'who is abroad this week', expected: call('list_people_abroad', { from: '2026-11-23', to: '2026-11-29' }) },
  {
    text: 'who is abroad this week',
    today: MAR,
    expected: call('list_people_abroad', { from: '2027-03-01', to: '2027-03-07' }),
  },
  { text: 'who is abroad today', expected: call('list_people_abroad', { date: WED }) },
  { text: "who's abroad?", expected: call('list_people_abroad', { date: WED }) },
  { text: 'who is abroad on Friday', expected: call('list_people_abroad', { date: '2026-11-27' }) },
  {
    text: 'who will be abroad next week?',
    expected: call('list_people_abroad', { from: '2026-11-30', to: '2026-12-06' }),
  },
  { text: 'who was abroad last week', expected: call('list_people_abroad', { from: '2026-11-16', to: '2026-11-22' }) },
  {
    text: 'is anyone working from abroad next month',
    expected: call('list_people_abroad', { from: '2026-12-01', to: '2026-12-31' }),
  },

  // 6. Payslips: a month named is the latest such month not after today.
  { text: 'show my payslip for October', expected: call('list_payslips', { period: '2026-10' }) },
  { text: 'show my payslip for October', today: MAR, expected: call('list_payslips', { period: '2026-10' }) },
  { text: 'show my payslip for November', expected: call('list_payslips', { period: '2026-11' }) },
  { text: 'payslip for December', expected: call('list_payslips', { period: '2025-12' }) },
  { text: 'my payslip for last month', expected: call('list_payslips', { period: '2026-10' }) },
  { text: 'my payslip for last month', today: MAR, expected: call('list_payslips', { period: '2027-02' }) },
  { text: 'payslip October 2025', expected: call('list_payslips', { period: '2025-10' }) },
  { text: 'show me my payslip for 2026-09', expected: call('list_payslips', { period: '2026-09' }) },
  { text: 'show my latest payslip', expected: call('list_payslips', {}) },

  // Without the tool in the run's catalogue (role or scopes), a polite refusal.
  {
    text: 'clock me in',
    leaveOnly: true,
    expected: reply(
      "Sorry, I can't clock you in or out here: the token of this session lacks the time-tracking:write scope (time tracking). A token with time-tracking:write would let me.",
    ),
  },
  {
    text: 'I worked 9 to 5 yesterday, I forgot to clock',
    leaveOnly: true,
    expected: reply(
      "Sorry, I can't record your working time here: the token of this session lacks the time-tracking:write scope (time tracking). A token with time-tracking:write would let me.",
    ),
  },
  {
    text: 'submit a 42.50 EUR taxi expense from Tuesday',
    leaveOnly: true,
    expected: reply(
      "Sorry, I can't claim expenses here: the token of this session lacks the expenses:write scope (expense claims). A token with expenses:write would let me.",
    ),
  },
  {
    text: "I'll work from Lisbon 3 to 14 March",
    leaveOnly: true,
    expected: reply(
      "Sorry, I can't ask to work from abroad here: the token of this session lacks the work-from-anywhere:write scope (work from anywhere requests). A token with work-from-anywhere:write would let me.",
    ),
  },
  {
    text: 'who is abroad this week',
    leaveOnly: true,
    expected: reply(
      "Sorry, I can't tell who is abroad here: the token of this session lacks the work-from-anywhere:read scope (reading work from anywhere requests). A token with work-from-anywhere:read would let me.",
    ),
  },
  {
    text: 'show my payslip for October',
    leaveOnly: true,
    expected: reply(
      "Sorry, I can't show payslips here: the token of this session lacks the payroll:read scope (reading payslips). A token with payroll:read would let me.",
    ),
  },
];

/**
 * Held-out phrasings of the six company API requests of issue 19 (item 6), written before the built-in model's
 * rules for them and never used to write one: a check that the rules carry beyond the rows of
 * companyRequests.table.ts. Each row names the tool it expects and the arguments that matter (a subset: titles and
 * descriptions are the model's own wording); `question` rows expect the model to ask. Today is Wednesday 25
 * November 2026 in Europe/Paris unless a row says otherwise.
 */

export interface HeldOutCase {
  text: string;
  today?: string;
  timeZone?: string;
  /** The tool expected, or 'question' when the model should ask. */
  tool: string;
  /** Arguments the call must hold (toMatchObject); expense lines are matched line by line. */
  arguments?: Record<string, unknown>;
}

const line = (fields: Record<string, unknown>) => ({ lines: [expect.objectContaining(fields)] });

export const HELD_OUT: HeldOutCase[] = [
  { text: 'Clock in please', tool: 'clock_in' },
  { text: 'punch me out', tool: 'clock_out' },
  { text: 'going on my lunch break', tool: 'start_break' },
  { text: "I'm back from my break", tool: 'end_break' },
  {
    text: 'I forgot to clock in yesterday, I worked from 8:30 to 17:00',
    tool: 'create_time_entry',
    arguments: { startedAt: '2026-11-24T07:30:00.000Z', endedAt: '2026-11-24T16:00:00.000Z' },
  },
  {
    text: 'log 10am to 6pm on Monday',
    tool: 'create_time_entry',
    arguments: { startedAt: '2026-11-23T09:00:00.000Z', endedAt: '2026-11-23T17:00:00.000Z' },
  },
  {
    text: 'Yesterday I worked 9-17 with an hour lunch break',
    tool: 'create_time_entry',
    arguments: { startedAt: '2026-11-24T08:00:00.000Z', endedAt: '2026-11-24T16:00:00.000Z', breakMinutes: 60 },
  },
  {
    text: 'I worked 8 to 4 yesterday',
    timeZone: 'America/New_York',
    tool: 'create_time_entry',
    arguments: { startedAt: '2026-11-24T13:00:00.000Z', endedAt: '2026-11-24T21:00:00.000Z' },
  },
  {
    text: 'I worked 9 to 5 on Friday',
    today: '2027-03-01',
    tool: 'create_time_entry',
    arguments: { startedAt: '2027-02-26T08:00:00.000Z', endedAt: '2027-02-26T16:00:00.000Z' },
  },
  {
    text: 'expense 18,90 € for a taxi on Monday',
    tool: 'create_expense_claim',
    arguments: {
      submit: true,
      ...line({ category: 'Taxi', date: '2026-11-23', amountMinor: 1890, currency: 'EUR' }),
    },
  },
  {
    text: 'I paid $35 for dinner with a client yesterday, please claim it',
    tool: 'create_expense_claim',
    arguments: line({ category: 'Meals', date: '2026-11-24', amountMinor: 3500, currency: 'USD' }),
  },
  {
    text: 'claim 120 km of mileage for last Friday',
    tool: 'create_expense_claim',
    arguments: line({ category: 'Mileage', date: '2026-11-20', distanceKm: 120 }),
  },
  {
    text: 'submit a hotel expense of 250 EUR from 20 November',
    tool: 'create_expense_claim',
    arguments: line({ category: 'Accommodation', date: '2026-11-20', amountMinor: 25000, currency: 'EUR' }),
  },
  {
    text: 'submit 7.20 GBP coffee expense today',
    today: '2027-03-01',
    tool: 'create_expense_claim',
    arguments: line({ category: 'Meals', date: '2027-03-01', amountMinor: 720, currency: 'GBP' }),
  },
  {
    text: 'I want to work remotely from Barcelona from 7 to 18 December',
    tool: 'create_work_from_anywhere_request',
    arguments: { country: 'ES', city: 'Barcelona', startDate: '2026-12-07', endDate: '2026-12-18' },
  },
  {
    text: 'working from New York next week',
    tool: 'create_work_from_anywhere_request',
    arguments: { country: 'US', city: 'New York', startDate: '2026-11-30', endDate: '2026-12-04' },
  },
  {
    text: "I'd like to work from Porto, Portugal between 4 and 8 January",
    tool: 'create_work_from_anywhere_request',
    arguments: { country: 'PT', city: 'Porto', startDate: '2027-01-04', endDate: '2027-01-08' },
  },
  {
    text: "I'll be working from Tokyo 10-20 March",
    today: '2027-03-01',
    tool: 'create_work_from_anywhere_request',
    arguments: { country: 'JP', city: 'Tokyo', startDate: '2027-03-10', endDate: '2027-03-20' },
  },
  { text: "I'll work from Springfield 5 to 9 April", tool: 'question' },
  { text: "who's working abroad today?", tool: 'list_people_abroad', arguments: { date: '2026-11-25' } },
  { text: 'who is abroad next week', tool: 'list_people_abroad', arguments: { from: '2026-11-30', to: '2026-12-06' } },
  {
    text: 'who is working from another country in December',
    tool: 'list_people_abroad',
    arguments: { from: '2026-12-01', to: '2026-12-31' },
  },
  { text: 'my September payslip', tool: 'list_payslips', arguments: { period: '2026-09' } },
  { text: "can I see last month's payslip?", tool: 'list_payslips', arguments: { period: '2026-10' } },
  { text: 'show payslip for December', tool: 'list_payslips', arguments: { period: '2025-12' } },
  { text: 'payslip for February', today: '2027-03-01', tool: 'list_payslips', arguments: { period: '2027-02' } },
  { text: 'payslip March', today: '2027-03-01', tool: 'list_payslips', arguments: { period: '2027-03' } },
];

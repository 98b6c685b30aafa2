import { Conversation } from './conversation';
import { AGENT_OPERATIONS, registryTools } from './catalogue';
import type { ModelStep } from '../../../model/types';

const TOOLS = registryTools([...AGENT_OPERATIONS, 'get_weekly_timesheet', 'submit_timesheet']);

function booked(text: string): unknown {
  const step: ModelStep = new Conversation(TOOLS, { name: 'Alice Anders', role: 'EMPLOYEE' }).say(text);
  return step.type === 'tool_calls' ? step.calls.map((call) => [call.tool, call.arguments]) : step.type;
}

const week = (start: string, end: string) => [['create_leave_request', { start_date: start, end_date: end }]];

describe('weeks named in the ways people name them (today Mon 23 Nov 2026)', () => {
  it.each([
    ['week commencing 14 December', week('2026-12-14', '2026-12-18')],
    ['the week beginning Monday 14th', week('2026-12-14', '2026-12-18')],
    ['the entire week of Jan 4', week('2027-01-04', '2027-01-08')],
    ['the week from 8 March', week('2027-03-08', '2027-03-12')],
    ['the first week of January', week('2027-01-04', '2027-01-08')],
    ['the second week of March', week('2027-03-08', '2027-03-12')],
    ['the last week of December', week('2026-12-28', '2027-01-01')],
    ['week 51', week('2026-12-14', '2026-12-18')],
    ['week 2 of 2027', week('2027-01-11', '2027-01-15')],
    ['Christmas week', week('2026-12-21', '2026-12-25')],
    ['the week after Christmas', week('2026-12-28', '2027-01-01')],
    // A numeric date that only one reading makes a Monday: the week says which.
    ['the week of 03/01', week('2027-03-01', '2027-03-05')],
  ])('books "%s" as that week', (text, expected) => {
    expect(booked(text)).toEqual(expected);
  });

  it.each([
    ['December 7th through 11th', week('2026-12-07', '2026-12-11')],
    ['Dec 7 to 11', week('2026-12-07', '2026-12-11')],
    ['Tuesday to Thursday next week', week('2026-12-01', '2026-12-03')],
    ['the 2nd week of Feb', week('2027-02-08', '2027-02-12')],
    ['a fortnight from 1 March', week('2027-03-01', '2027-03-12')],
    ['from now until Friday', week('2026-11-23', '2026-11-27')],
    ['4th Dec am', [['create_leave_request', { start_date: '2026-12-04', half_day: true }]]],
    ['from 1 March for 3 months', week('2027-03-01', '2027-05-31')],
    ['31 January for 1 month', week('2027-01-31', '2027-02-28')],
    ['leave 2026/12/24', [['create_leave_request', { start_date: '2026-12-24' }]]],
    [
      'annual leave between xmas and new year',
      [['create_leave_request', { start_date: '2026-12-28', end_date: '2026-12-31', policy: 'Annual leave' }]],
    ],
    ['leave the whole of January', week('2027-01-01', '2027-01-29')],
    [
      'dentist friday afternoon',
      [['create_leave_request', { start_date: '2026-11-27', reason: 'dentist', half_day: true }]],
    ],
    ['jury duty next monday', [['create_leave_request', { start_date: '2026-11-30', reason: 'jury duty' }]]],
    [
      "doctor's appointment thursday",
      [['create_leave_request', { start_date: '2026-11-26', reason: "doctor's appointment" }]],
    ],
    [
      "my sister's graduation friday",
      [['create_leave_request', { start_date: '2026-11-27', reason: "sister's graduation" }]],
    ],
    [
      "I'm going to be away from the 3rd to the 10th of January",
      [['create_leave_request', { start_date: '2027-01-03', end_date: '2027-01-10' }]],
    ],
    ['I will be away next friday', [['create_leave_request', { start_date: '2026-12-04' }]]],
    // Weekdays written short, never taken for a person's name nor read apart from their date.
    ['can I book off Weds 2nd Dec', [['create_leave_request', { start_date: '2026-12-02' }]]],
    ['book leave for weds', [['create_leave_request', { start_date: '2026-11-25' }]]],
    ['book leave for tue-thu next week', week('2026-12-01', '2026-12-03')],
    ['time of on friday', [['create_leave_request', { start_date: '2026-11-27' }]]],
    [
      'unpaid leve 2-3 feb',
      [['create_leave_request', { start_date: '2027-02-02', end_date: '2027-02-03', policy: 'Unpaid leave' }]],
    ],
    ['I am sick today', [['create_leave_request', { start_date: '2026-11-23', policy: 'Sick leave' }]]],
  ])('reads "%s"', (text, expected) => {
    expect(booked(text)).toEqual(expected);
  });

  it('asks which week "the week of" a Sunday is, and books the one picked', () => {
    const chat = new Conversation(TOOLS, { name: 'Alice Anders', role: 'EMPLOYEE' }, '2027-06-16');
    expect(chat.say('book the week of the 4th of july')).toMatchObject({
      type: 'question',
      text: expect.stringMatching(/^Sun 4 Jul 2027 is a Sunday: the week before it, .*, or the week after, /),
    });
    const picked = chat.last?.type === 'question' ? chat.last.choices?.[1] : undefined;
    expect(chat.say(picked ?? '')).toMatchObject({
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2027-07-05', end_date: '2027-07-09' } }],
    });
  });

  it('reads both weeks a Sunday may name for a read', () => {
    const chat = new Conversation(TOOLS, { name: 'Alice Anders', role: 'EMPLOYEE' }, '2027-06-16');
    expect(chat.say('what have I booked the week of 4 july')).toMatchObject({
      calls: [{ tool: 'list_leave_requests', arguments: { from: '2027-06-28', to: '2027-07-09' } }],
    });
  });

  it('reads the week beginning a Sunday as the week after it', () => {
    const chat = new Conversation(TOOLS, { name: 'Alice Anders', role: 'EMPLOYEE' }, '2027-06-16');
    expect(chat.say('w/c 4 july')).toMatchObject({
      calls: [{ tool: 'create_leave_request', arguments: { start_date: '2027-07-05', end_date: '2027-07-09' } }],
    });
  });

  it('still asks about a numeric date both of whose readings are Mondays', () => {
    expect(booked('week starting 7/12')).toBe('question');
  });

  it('takes no holiday out of a name: "called New Year bridge" is no date', () => {
    const step = new Conversation(registryTools(['add_public_holiday']), {
      name: 'Hannah Reyes',
      role: 'HR_MANAGER',
    }).say('add a public holiday on 2 January 2027 called New Year bridge');
    expect(step).toMatchObject({ calls: [{ arguments: { date: '2027-01-02', name: 'New Year bridge' } }] });
  });

  it('reads the week of a weekly tool with the model’s date parser', () => {
    expect(booked('submit my timesheet for the week of 30 November')).toEqual([
      ['submit_timesheet', { weekStart: '2026-11-30' }],
    ]);
    expect(booked('my timesheet for the week of 7 December')).toEqual([
      ['get_weekly_timesheet', { date: '2026-12-07' }],
    ]);
  });

  it('reads a weekly tool’s week without a year as the nearest one, not next year’s', () => {
    const said = (text: string) => {
      const step = new Conversation(TOOLS, { name: 'Alice Anders', role: 'EMPLOYEE' }, '2027-06-16').say(text);
      return step.type === 'tool_calls' ? step.calls.map((call) => [call.tool, call.arguments]) : step.type;
    };
    expect(said('my timesheet for the week of 7 June')).toEqual([['get_weekly_timesheet', { date: '2027-06-07' }]]);
    expect(said('submit my timesheet for the week of 7 June')).toEqual([
      ['submit_timesheet', { weekStart: '2027-06-07' }],
    ]);
  });
});

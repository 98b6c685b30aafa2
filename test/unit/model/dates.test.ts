import { type DateFinding, findDates } from '../../../model/builtin/dates';
import { normalise } from '../../../model/builtin/keywords';

/** Today is Monday 23 November 2026 unless a case says otherwise. */
const TODAY = '2026-11-23';

function days(start: string, end = start): DateFinding {
  return { kind: 'days', ranges: [{ start, end }] };
}

// Every row has its options (jest's each passes `done` as an extra argument to a row that lacks one).
const CASES: [string, DateFinding, { today?: string; past?: boolean }][] = [
  ['today', days('2026-11-23'), {}],
  ['tomorrow', days('2026-11-24'), {}],
  ['tommorow', days('2026-11-24'), {}],
  ['Friday', days('2026-11-27'), {}],
  ['Monday', days('2026-11-30'), {}],
  ['this Friday', days('2026-11-27'), {}],
  ['this Monday', days('2026-11-23'), {}],
  ['next Friday', days('2026-12-04'), {}],
  ['next Monday', days('2026-11-30'), {}],
  ['last Friday', days('2026-11-20'), {}],
  ['Tuesday next week', days('2026-12-01'), {}],
  ['Monday to Wednesday', days('2026-11-30', '2026-12-02'), {}],
  ['Friday to Tuesday', days('2026-11-27', '2026-12-01'), {}],
  ['from 4 May to 6 May', days('2027-05-04', '2027-05-06'), {}],
  // A range whose two ends are the same day is that day, not an open start ("from 21 Dec ... until when?").
  ['from 2026-12-21 to 2026-12-21', days('2026-12-21'), {}],
  ['from 21 December to 21 December', days('2026-12-21'), {}],
  ['4-6 May', days('2027-05-04', '2027-05-06'), {}],
  ['4–6 May', days('2027-05-04', '2027-05-06'), {}],
  ['May 4th', days('2027-05-04'), {}],
  ['the 4th of May 2028', days('2028-05-04'), {}],
  // Day or month first is decided by the text; 04/05 alone could be either: invalid, so the planner asks.
  ['04/05', { kind: 'invalid', readings: ['2027-05-04', '2027-04-05'] }, {}],
  ['04/05/2027', days('2027-05-04'), {}],
  ['04/05/2027, US format', days('2027-04-05'), {}],
  ['04/12 - 04/16', days('2027-04-12', '2027-04-16'), {}],
  ['14/12 to 18/12', days('2026-12-14', '2026-12-18'), {}],
  // Days of one numeric month written as a range: day first, the whole range (chrono reads only its end).
  ['off 21-23/12', days('2026-12-21', '2026-12-23'), {}],
  ['3-5.6.2027', days('2027-06-03', '2027-06-05'), {}],
  ['4.5.', days('2027-05-04'), {}],
  ['05/13', days('2027-05-13'), {}],
  ['2027-05-04', days('2027-05-04'), {}],
  ['24 November', days('2026-11-24'), {}],
  // The parser reads it a year on; a booking of it asks which (lateDates.ts, applied to bookings in intents.ts).
  ['22 November', days('2027-11-22'), {}],
  ['28 Dec to 3 Jan', days('2026-12-28', '2027-01-03'), {}],
  ['the 12th', days('2026-12-12'), {}],
  ['the 30th', days('2026-11-30'), {}],
  ['3 days from 4 May', { kind: 'span', start: '2027-05-04', days: 3 }, {}],
  ['for a week from Monday', { kind: 'span', start: '2026-11-30', days: 7 }, {}],
  ['Friday for 2 days', { kind: 'span', start: '2026-11-27', days: 2 }, {}],
  ['3 working days from Friday', days('2026-11-27', '2026-12-01'), {}],
  ['Monday and Tuesday', days('2026-11-30', '2026-12-01'), {}],
  ['until Friday', days('2026-11-23', '2026-11-27'), {}],
  ['from Monday', { kind: 'from', start: '2026-11-30' }, {}],
  ['3 days', { kind: 'duration', days: 3, working: false }, {}],
  ['two weeks', { kind: 'duration', days: 14, working: false }, {}],
  ['next week', { kind: 'week', monday: '2026-11-30' }, {}],
  ['in December', { kind: 'month', year: 2026, month: 12 }, {}],
  ['in March', { kind: 'month', year: 2027, month: 3 }, {}],
  ['next month', { kind: 'month', year: 2026, month: 12 }, {}],
  ['31 April', { kind: 'invalid' }, {}],
  ['29 February', days('2028-02-29'), {}],
  ['10.5 days', { kind: 'none' }, {}],
  ['may I', { kind: 'none' }, {}],
  ['Friday', days('2026-11-20'), { past: true }],
  ['20 November', days('2026-11-20'), { past: true }],
  ['4 January', days('2027-01-04'), { today: '2026-12-28' }],
  ['the 5th', days('2027-01-05'), { today: '2026-12-28' }],
  // The refiners: what chrono-node alone misses or reads otherwise.
  ['Tuesday 2nd to Thursday 4th March', days('2027-03-02', '2027-03-04'), {}],
  ['Wed 3rd to Fri 5th Feb', days('2027-02-03', '2027-02-05'), {}],
  ['Mon 11th - Fri 15th January', days('2027-01-11', '2027-01-15'), { today: '2026-12-28' }],
  ['20 December to 3 January 2027', days('2026-12-20', '2027-01-03'), {}],
  ['the week of 9 December', days('2026-12-07', '2026-12-11'), {}],
  ['the week of Feb 8', days('2027-02-08', '2027-02-12'), {}],
  ['on the 9th and 10th of May', days('2027-05-09', '2027-05-10'), {}],
  ['14 and 15 January', days('2027-01-14', '2027-01-15'), {}],
  ['May 10th and 11th', days('2027-05-10', '2027-05-11'), {}],
  [
    '4 and 8 June',
    {
      kind: 'days',
      ranges: [
        { start: '2027-06-04', end: '2027-06-04' },
        { start: '2027-06-08', end: '2027-06-08' },
      ],
    },
    {},
  ],
  ['the first Monday of January', days('2027-01-04'), {}],
  ['the last Friday of the month', days('2026-11-27'), {}],
  ['the last Friday of January', days('2027-01-29'), {}],
  ['in two weeks on Monday', days('2026-12-07'), {}],
  ['in three days', days('2026-11-26'), {}],
  ['Monday the 14th', days('2026-12-14'), {}],
  ['dec 14', days('2026-12-14'), {}],
  ['from the 19th to the 23rd of July', days('2027-07-19', '2027-07-23'), {}],
  ['the week after next', { kind: 'week', monday: '2026-12-07' }, {}],
  ['Thursday and Friday next week', days('2027-06-24', '2027-06-25'), { today: '2027-06-16' }],
  ['between Christmas and New Year', days('2026-12-28', '2026-12-31'), {}],
  ["from New Year's Day to the 8th", days('2027-01-01', '2027-01-08'), { today: '2026-12-28' }],
  ['8/2/2027 through 8/6/2027', days('2027-08-02', '2027-08-06'), {}],
  ['congé du 14/12 au 18/12', days('2026-12-14', '2026-12-18'), {}],
  ['two weeks from 4 January', { kind: 'span', start: '2027-01-04', days: 14 }, {}],
  ['w/c 7 December', days('2026-12-07', '2026-12-11'), {}],
  ['the rest of this week', days('2026-11-24', '2026-11-27'), {}],
  ['12/21-12/23', days('2026-12-21', '2026-12-23'), {}],
  ['from Monday the 7th to Friday the 11th of December', days('2026-12-07', '2026-12-11'), {}],
  ['the 9th and 10th', days('2026-12-09', '2026-12-10'), {}],
  ['since 20 November', days('2026-11-20', '2026-11-23'), {}],
  ['sick since Monday, still sick today', days('2027-03-08', '2027-03-10'), { today: '2027-03-10' }],
  // A weekday written with a date that falls on another day: neither is trusted, the planner asks.
  ['Monday 4 December', { kind: 'invalid', notOn: { date: '2026-12-04', weekday: 1 } }, {}],
  ['Tuesday 3rd to Thursday 5th March', { kind: 'invalid', notOn: { date: '2027-03-03', weekday: 2 } }, {}],
];

describe('reading dates relative to today', () => {
  it.each(CASES)('reads "%s"', (text, expected, options) => {
    expect(findDates(normalise(text), { today: options.today ?? TODAY, past: options.past ?? false })).toEqual(
      expected,
    );
  });

  it('reads weekdays inside the week a question was about', () => {
    expect(findDates('tuesday', { today: TODAY, week: '2026-11-30' })).toEqual(days('2026-12-01'));
  });

  it('reads days of the month inside the month a question was about', () => {
    expect(findDates('the 3rd', { today: TODAY, month: { year: 2027, month: 2 } })).toEqual(days('2027-02-03'));
  });
});

/**
 * Numbers from anyone's text once sent the model into loops that never ended (a year 9999 whose next day sorts
 * before it, 99,999,999 working days to walk): dates outside 1900–2199 and spans over 366 days are not dates of a
 * request, and the model asks again.
 */
describe('reading dates a request cannot have', () => {
  it.each([
    '99999999 working days from Monday',
    '99999999 days from 1 March',
    '1 January 1900 to 31 December 9999',
    '2026-12-01 to 9999-12-31',
    'from 31 Dec 9999',
    'the week of 31 December 9999',
    'in December 9999',
    '400 days',
    '60 weeks from Monday',
    '1 January 2027 to 1 February 2028',
    '31 December 1899',
  ])('answers invalid for "%s"', (text) => {
    expect(findDates(normalise(text), { today: TODAY })).toEqual({ kind: 'invalid' });
  });

  it('still reads the last span the API takes and the last year it takes', () => {
    expect(findDates(normalise('366 days from 1 March 2027'), { today: TODAY })).toEqual({
      kind: 'span',
      start: '2027-03-01',
      days: 366,
    });
    expect(findDates(normalise('31 December 2199'), { today: TODAY })).toEqual(days('2199-12-31'));
  });
});

import { chronoDates } from '../../../model/builtin/dateParsing/chronoDates';

/** chrono-node restricted to calendar dates, and the numeric order decided by the text. */
describe('calendar dates read by chrono-node', () => {
  it('reads written-out dates and leaves the year open when none is written', () => {
    expect(chronoDates('book 4 may off')).toEqual([{ index: 5, end: 10, start: { day: 4, month: 5 } }]);
    expect(chronoDates('may 4th 2027')).toEqual([{ index: 0, end: 12, start: { day: 4, month: 5, year: 2027 } }]);
    expect(chronoDates('dec 14')).toEqual([{ index: 0, end: 6, start: { day: 14, month: 12 } }]);
  });

  it('keeps the weekday written before a date, to be checked against it', () => {
    expect(chronoDates('friday 4 december')).toEqual([{ index: 0, end: 17, start: { day: 4, month: 12, weekday: 5 } }]);
  });

  it('gives a range whose first day has no month the month of its end', () => {
    expect(chronoDates('wed 3rd to fri 5th feb')).toEqual([
      { index: 0, end: 22, start: { day: 3, month: 2, weekday: 3 }, to: { day: 5, month: 2, weekday: 5 } },
    ]);
  });

  it('reads no weekdays, relative days or amounts (the model has its own rules for those)', () => {
    expect(chronoDates('next friday')).toEqual([]);
    expect(chronoDates('tomorrow')).toEqual([]);
    expect(chronoDates('1.5 days off')).toEqual([]);
    expect(chronoDates('expense 12.90 parking')).toEqual([]);
  });

  it.each([
    ['04/16/2027', { day: 16, month: 4, year: 2027 }],
    ['16/04/2027', { day: 16, month: 4, year: 2027 }],
    ['07/02/2027', { day: 7, month: 2, year: 2027 }],
    ['07/02/2027, us format', { day: 2, month: 7, year: 2027 }],
    ['14.12.2026', { day: 14, month: 12, year: 2026 }],
    ['4.5.', { day: 4, month: 5 }],
  ])('decides the order of "%s" from the text', (text, start) => {
    expect(chronoDates(text)[0]?.start).toEqual(start);
    expect(chronoDates(text)[0]?.ambiguous).toBeUndefined();
  });

  it('marks a numeric date without year that reads both ways as ambiguous, with both readings', () => {
    expect(chronoDates('book 05/06 off')[0]?.ambiguous).toEqual([
      { day: 5, month: 6 },
      { day: 6, month: 5 },
    ]);
    // The other date of the text decides: 13 can only be a day.
    expect(chronoDates('05/06 to 13/06')[0]?.ambiguous).toBeUndefined();
  });

  it('reads a numeric range the way that keeps it within a month', () => {
    expect(chronoDates('8/2/2027 through 8/6/2027')[0]).toMatchObject({
      start: { day: 2, month: 8, year: 2027 },
      to: { day: 6, month: 8, year: 2027 },
    });
    expect(chronoDates('12/21-12/23')[0]).toMatchObject({ start: { day: 21, month: 12 }, to: { day: 23, month: 12 } });
  });
});

import { monthDayOf, occurrencesIn } from '../../../../engines/social/celebrationDates';

describe('occurrencesIn', () => {
  it.each([
    ['a day inside the range', { month: 3, day: 10 }, '2027-03-01', '2027-03-31', [['2027-03-10', 2027]]],
    ['the range’s first and last days count', { month: 3, day: 1 }, '2027-03-01', '2027-03-01', [['2027-03-01', 2027]]],
    ['a day outside it', { month: 4, day: 1 }, '2027-03-01', '2027-03-31', []],
    [
      '29 February in a common year: the 28th',
      { month: 2, day: 29 },
      '2027-02-01',
      '2027-03-31',
      [['2027-02-28', 2027]],
    ],
    [
      '29 February in a leap year: the 29th only',
      { month: 2, day: 29 },
      '2028-02-01',
      '2028-03-31',
      [['2028-02-29', 2028]],
    ],
    [
      '28 February in a leap year stays the 28th',
      { month: 2, day: 28 },
      '2028-02-01',
      '2028-03-31',
      [['2028-02-28', 2028]],
    ],
    ['a range over the new year: each year', { month: 1, day: 2 }, '2026-12-01', '2027-01-31', [['2027-01-02', 2027]]],
    ['a range over the new year: December', { month: 12, day: 31 }, '2026-12-01', '2027-01-31', [['2026-12-31', 2026]]],
  ])('%s', (_case, monthDay, from, to, expected) => {
    expect(occurrencesIn(monthDay, from, to).map((o) => [o.date, o.year])).toEqual(expected);
  });
});

describe('monthDayOf', () => {
  it('reads a date column at UTC midnight, whatever the process’s time zone', () => {
    expect(monthDayOf(new Date('1992-02-29T00:00:00.000Z'))).toEqual({ month: 2, day: 29 });
  });
});

import { countWorkingDays, endDateForDays, isWorkingDay } from '../../../../engines/leave/workingDays';

const holidays = new Map([
  ['2026-05-01', 'Labour Day'],
  ['2026-12-25', 'Christmas Day'],
  ['2026-12-26', "St Stephen's Day"],
  ['2026-12-31', "New Year's Eve"],
  ['2027-01-01', "New Year's Day"],
]);
const none = new Map<string, string>();

describe('working day counting', () => {
  it.each([
    ['a single Monday', '2026-03-02', '2026-03-02', false, 1],
    ['a Monday to Friday week', '2026-03-02', '2026-03-06', false, 5],
    ['a weekend only', '2026-03-07', '2026-03-08', false, 0],
    ['Friday to Monday across a weekend', '2026-03-06', '2026-03-09', false, 2],
    ['two full weeks', '2026-03-02', '2026-03-15', false, 10],
    ['a week with a public holiday on Friday', '2026-04-27', '2026-05-01', false, 4],
    ['a public holiday alone', '2026-05-01', '2026-05-01', false, 0],
    ['a half day on a Monday', '2026-03-02', '2026-03-02', true, 0.5],
    ['a half day on a Saturday', '2026-03-07', '2026-03-07', true, 0],
    ['a half day on a public holiday', '2026-05-01', '2026-05-01', true, 0],
    ['the week of 29 February 2028', '2028-02-28', '2028-03-03', false, 5],
    ['29 February 2028 alone (a Tuesday)', '2028-02-29', '2028-02-29', false, 1],
    ['February 2028 whole (29 days, 21 working)', '2028-02-01', '2028-02-29', false, 21],
    ['February 2027 whole (28 days, 20 working)', '2027-02-01', '2027-02-28', false, 20],
  ])('counts %s', (_what, startDate, endDate, halfDay, expected) => {
    expect(countWorkingDays({ startDate, endDate, halfDay }, holidays).totalDays).toBe(expected);
  });

  it('splits a request across 31 December by year, each year counting its own days', () => {
    const count = countWorkingDays({ startDate: '2026-12-28', endDate: '2027-01-05', halfDay: false }, holidays);
    expect(count.byYear).toEqual([
      { year: 2026, days: 3 },
      { year: 2027, days: 2 },
    ]);
    expect(count.totalDays).toBe(5);
    expect(count.holidays).toEqual([
      { date: '2026-12-31', name: "New Year's Eve" },
      { date: '2027-01-01', name: "New Year's Day" },
    ]);
  });

  it('counts the same range without holidays as plain weekdays', () => {
    const count = countWorkingDays({ startDate: '2026-12-28', endDate: '2027-01-05', halfDay: false }, none);
    expect(count.byYear).toEqual([
      { year: 2026, days: 4 },
      { year: 2027, days: 3 },
    ]);
    expect(count.holidays).toEqual([]);
  });

  it('lists only holidays that fall on weekdays (26 December 2026 is a Saturday)', () => {
    const count = countWorkingDays({ startDate: '2026-12-21', endDate: '2026-12-27', halfDay: false }, holidays);
    expect(count.holidays).toEqual([{ date: '2026-12-25', name: 'Christmas Day' }]);
    expect(count.totalDays).toBe(4);
  });

  it.each([
    ['2026-03-02', 1, '2026-03-02'],
    ['2026-03-02', 3, '2026-03-04'],
    ['2026-03-06', 3, '2026-03-08'],
    ['2028-02-28', 3, '2028-03-01'],
    ['2026-12-30', 5, '2027-01-03'],
  ])('turns %s plus %i calendar days into the end date %s', (start, days, end) => {
    expect(endDateForDays(start, days)).toBe(end);
  });

  it('treats weekends and holidays as non-working days', () => {
    expect(isWorkingDay('2026-03-02', holidays)).toBe(true);
    expect(isWorkingDay('2026-03-07', holidays)).toBe(false);
    expect(isWorkingDay('2026-05-01', holidays)).toBe(false);
  });

  // Once a walk compared dates as text: the day after 9999-12-31 is "+010000-01-01", which sorts before it.
  it('walks a range by its count of days, so even the last day of year 9999 ends the walk', () => {
    expect(countWorkingDays({ startDate: '9999-12-31', endDate: '9999-12-31', halfDay: false }, new Map())).toEqual({
      totalDays: 1,
      byYear: [{ year: 9999, days: 1 }],
      holidays: [],
    });
  });

  it('refuses a range longer than any request rather than walk it', () => {
    expect(() =>
      countWorkingDays({ startDate: '1900-01-01', endDate: '2199-12-31', halfDay: false }, new Map()),
    ).toThrow(RangeError);
  });
});

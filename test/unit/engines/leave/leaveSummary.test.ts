import { leaveDaysText, leaveSummary } from '../../../../engines/leave/leaveSummary';

describe('leaveDaysText', () => {
  it.each([
    ['2027-12-06', '2027-12-06', 'Mon 6 Dec 2027'],
    ['2027-12-06', '2027-12-10', 'Mon 6 – Fri 10 Dec 2027'],
    ['2027-11-29', '2027-12-03', 'Mon 29 Nov – Fri 3 Dec 2027'],
    ['2027-12-31', '2028-01-03', 'Fri 31 Dec 2027 – Mon 3 Jan 2028'],
    ['2028-02-28', '2028-03-01', 'Mon 28 Feb – Wed 1 Mar 2028'],
    ['2028-02-29', '2028-02-29', 'Tue 29 Feb 2028'],
  ])('%s to %s reads "%s"', (start, end, text) => {
    expect(leaveDaysText(start, end)).toBe(text);
  });
});

describe('leaveSummary', () => {
  const request = { employeeName: 'Alice Anders', policyName: 'Annual leave', halfDay: false };
  it('says who, which leave, which days and how many', () => {
    expect(leaveSummary({ ...request, startDate: '2027-12-06', endDate: '2027-12-10', totalDays: 5 })).toBe(
      'Alice Anders, Annual leave, Mon 6 – Fri 10 Dec 2027 (5 working days)',
    );
    expect(leaveSummary({ ...request, startDate: '2027-12-06', endDate: '2027-12-06', totalDays: 1 })).toBe(
      'Alice Anders, Annual leave, Mon 6 Dec 2027 (1 working day)',
    );
  });

  it('says a half day', () => {
    expect(
      leaveSummary({ ...request, halfDay: true, startDate: '2027-12-07', endDate: '2027-12-07', totalDays: 0.5 }),
    ).toBe('Alice Anders, Annual leave, Tue 7 Dec 2027 (half a day)');
  });
});

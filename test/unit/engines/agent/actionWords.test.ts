import { actionWords, bookingWords, genericWords, leaveActionWords } from '../../../../engines/agent/actionWords';

const summary = 'Request leave for yourself';

describe("an action's card in words", () => {
  it('says which leave, which days, and for whom, for a leave request', () => {
    expect(actionWords('create_leave_request', { start_date: '2027-12-06', end_date: '2027-12-10' }, summary)).toBe(
      'Annual leave for you, Mon 6 – Fri 10 Dec 2027',
    );
    expect(
      actionWords(
        'create_leave_request',
        { start_date: '2027-12-31', days: 4, policy: 'Sick leave', reason: 'flu' },
        summary,
      ),
    ).toBe('Sick leave for you, Fri 31 Dec 2027 – Mon 3 Jan 2028 (reason: flu)');
    expect(
      actionWords('create_leave_request', { start_date: '2027-12-06', half_day: true, policy: 'Annual' }, summary),
    ).toBe('Annual leave for you, Mon 6 Dec 2027, half a day');
  });

  it('names the person and counts the working days once they are known', () => {
    const leave = { whose: 'Alice Anders', policy: 'Annual leave', start: '2027-12-06', end: '2027-12-10' } as const;
    expect(bookingWords({ ...leave, workingDays: 5 })).toBe(
      'Annual leave for Alice Anders, Mon 6 – Fri 10 Dec 2027, 5 working days',
    );
    expect(leaveActionWords('Cancel', { ...leave, whose: 'you', workingDays: 5 })).toBe(
      'Cancel your annual leave, Mon 6 – Fri 10 Dec 2027, 5 working days',
    );
    expect(leaveActionWords('Reject', { ...leave, workingDays: 1 }, 'short-staffed')).toBe(
      "Reject Alice Anders's annual leave, Mon 6 – Fri 10 Dec 2027, 1 working day with the comment “short-staffed”",
    );
  });

  it("falls back to the tool's summary when the arguments do not make a leave", () => {
    for (const args of [
      {},
      { start_date: 'tomorrow' },
      { start_date: '2027-12-06', end_date: '2027-12-01' },
      { start_date: '2027-12-06', days: 0 },
      { start_date: '2027-12-06', days: 1e9 },
      { start_date: '9999-12-06' },
    ]) {
      expect(actionWords('create_leave_request', args, summary)).toBe(summary);
    }
  });

  it('says any other write with its arguments, never its ids or secrets', () => {
    expect(genericWords('Create a department', { name: 'Data Science', parentId: 'x' })).toBe(
      'Create a department: name “Data Science”',
    );
    expect(
      genericWords(
        'Record a salary',
        { employeeId: 'e1', amountMinor: 500000, currency: 'EUR', apiKey: 's3cret' },
        {
          employeeId: 'Bob Brown',
        },
      ),
    ).toBe('Record a salary: employee Bob Brown, amount minor 500000, currency “EUR”');
    expect(genericWords('Cancel a leave request', { id: 'x' })).toBe('Cancel a leave request');
    expect(genericWords('Post', { text: 'x'.repeat(500) }).length).toBeLessThanOrEqual(300);
    expect(genericWords('Set countries', { allowedCountries: ['DE', 'FR'], paid: true })).toBe(
      'Set countries: allowed countries DE, FR, paid yes',
    );
  });
});

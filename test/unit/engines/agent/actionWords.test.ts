import { actionWords } from '../../../../engines/agent/actionWords';

const summary = 'Request leave for yourself';

describe("an action's card in words", () => {
  it('says which leave, which days, and to whom, for a leave request', () => {
    expect(actionWords('create_leave_request', { start_date: '2027-12-06', end_date: '2027-12-10' }, summary)).toBe(
      'Request annual leave for you, Mon 6 – Fri 10 Dec 2027',
    );
    expect(
      actionWords(
        'create_leave_request',
        { start_date: '2027-12-31', days: 4, policy: 'Sick leave', reason: 'flu' },
        summary,
      ),
    ).toBe('Request Sick leave for you, Fri 31 Dec 2027 – Mon 3 Jan 2028 (reason: flu)');
    expect(
      actionWords('create_leave_request', { start_date: '2027-12-06', half_day: true, policy: 'Annual' }, summary),
    ).toBe('Request Annual leave for you, Mon 6 Dec 2027, half a day');
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
    expect(actionWords('cancel_leave_request', { id: 'x' }, 'Cancel a leave request')).toBe('Cancel a leave request');
  });
});

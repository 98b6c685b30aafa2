import { balanceView } from '../../../../engines/leave/balances';
import { checkRequest, resolveRange, type RequestDates } from '../../../../engines/leave/validateRequest';
import { requestWarnings, type TeamAbsence } from '../../../../engines/leave/warnings';
import { annualLeave, factsWith } from './policyFixtures';

function warningsOf(
  input: RequestDates,
  overrides: Parameters<typeof factsWith>[0] = {},
  absences: TeamAbsence[] = [],
) {
  const facts = factsWith(overrides);
  return requestWarnings(checkRequest(resolveRange(input), facts), facts, absences);
}

describe('warnings of a successful request', () => {
  it('gives none for a well-planned request', () => {
    expect(warningsOf({ start_date: '2026-03-02', days: 5 })).toEqual([]);
  });

  it('warns of short notice below the policy minimum', () => {
    expect(warningsOf({ start_date: '2026-02-05' })).toEqual([
      { code: 'short_notice', message: 'Annual leave asks for 7 days of notice; this starts in 3 day(s)' },
    ]);
  });

  it('gives no short-notice warning on a policy that wants no notice, even for past days', () => {
    const sick = { ...annualLeave, name: 'Sick leave', minNoticeDays: 0, maxPastDays: 30 };
    expect(warningsOf({ start_date: '2026-01-27' }, { policy: sick })).toEqual([]);
  });

  it('names the public holidays inside the range', () => {
    expect(warningsOf({ start_date: '2026-04-27', end_date: '2026-05-01' })).toEqual([
      { code: 'public_holiday_in_range', message: '2026-05-01 is a public holiday (Labour Day) and is not counted' },
    ]);
  });

  it('warns of a low balance when less than a fifth of the allocation is left', () => {
    const balances = new Map([[2026, balanceView({ allocated: 25, pending: 0, used: 16 }, annualLeave)]]);
    expect(warningsOf({ start_date: '2026-03-02', days: 5 }, { balances }).map((w) => w.code)).toEqual(['low_balance']);
  });

  it('warns of a negative balance where the policy allows one', () => {
    const policy = { ...annualLeave, allowNegativeBalance: true };
    const balances = new Map([[2026, balanceView({ allocated: 25, pending: 0, used: 23 }, policy)]]);
    expect(warningsOf({ start_date: '2026-03-02', days: 5 }, { policy, balances })).toEqual([
      {
        code: 'negative_balance',
        message: 'Annual leave 2026 goes to -3 days after this request (Annual leave allows it)',
      },
    ]);
  });

  it('does not warn about the balance of a policy without an allocation (unpaid leave)', () => {
    const unpaid = { ...annualLeave, name: 'Unpaid leave', yearlyAllocationDays: 0, allowNegativeBalance: true };
    const balances = new Map([[2026, balanceView({ allocated: 0, pending: 0, used: 4 }, unpaid)]]);
    expect(warningsOf({ start_date: '2026-03-02', days: 5 }, { policy: unpaid, balances })).toEqual([]);
  });

  it('counts colleagues away at the same time and names only those the requester may see', () => {
    const absences: TeamAbsence[] = [
      {
        employeeId: 'a',
        employeeName: 'Bob Brown',
        startDate: '2026-03-02',
        endDate: '2026-03-03',
        status: 'APPROVED',
      },
      { employeeId: 'a', employeeName: 'Bob Brown', startDate: '2026-03-05', endDate: '2026-03-05', status: 'PENDING' },
      { employeeId: 'b', employeeName: null, startDate: '2026-03-04', endDate: '2026-03-06', status: 'PENDING' },
    ];
    expect(warningsOf({ start_date: '2026-03-02', days: 5 }, {}, absences)).toEqual([
      {
        code: 'overlapping_team_absence',
        message: '2 colleague(s) of your team or department are also away or asking to be (Bob Brown)',
      },
    ]);
  });
});

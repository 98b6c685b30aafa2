import { balanceView } from '../../../../engines/leave/balances';
import type { PolicyRules } from '../../../../engines/leave/policies';
import type { RequestFacts } from '../../../../engines/leave/validateRequest';

/** Policies and facts for the pure rule tests: the demo's annual leave, and variants of it. */
export const annualLeave: PolicyRules = {
  id: '00000000-0000-7000-8000-000000000001',
  name: 'Annual leave',
  kind: 'annual',
  isDefault: true,
  yearlyAllocationDays: 25,
  allowHalfDays: true,
  allowNegativeBalance: false,
  carryOverMaxDays: 5,
  minNoticeDays: 7,
  maxPastDays: 0,
  requiresApproval: true,
};

export const holidays = new Map([
  ['2026-05-01', 'Labour Day'],
  ['2026-12-25', 'Christmas Day'],
  ['2026-12-31', "New Year's Eve"],
  ['2027-01-01', "New Year's Day"],
]);

/** Facts of an employee with a fresh 25-day balance on 2026-02-02 (a Monday), unless overridden. */
export function factsWith(overrides: Partial<RequestFacts> = {}): RequestFacts {
  const policy = overrides.policy ?? annualLeave;
  return {
    policy,
    today: '2026-02-02',
    holidays,
    balances: new Map([[2026, balanceView({ allocated: 25, pending: 0, used: 0 }, policy)]]),
    ownRequests: [],
    ...overrides,
  };
}

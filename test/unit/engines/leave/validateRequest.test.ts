import { AppError } from '../../../../engines/appError';
import { balanceView } from '../../../../engines/leave/balances';
import { checkRequest, resolveRange, type RequestDates } from '../../../../engines/leave/validateRequest';
import { annualLeave, factsWith } from './policyFixtures';

function validationMessage(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError && err.code === 'validation_error') return err.message;
    throw err;
  }
  throw new Error('expected a validation_error');
}

describe('resolving the dates of a request', () => {
  it.each<[string, RequestDates, { startDate: string; endDate: string; halfDay: boolean }]>([
    [
      'start_date alone as a single day',
      { start_date: '2026-03-02' },
      { startDate: '2026-03-02', endDate: '2026-03-02', halfDay: false },
    ],
    [
      'an end_date',
      { start_date: '2026-03-02', end_date: '2026-03-06' },
      { startDate: '2026-03-02', endDate: '2026-03-06', halfDay: false },
    ],
    [
      'days: 3 from a Monday as Monday to Wednesday',
      { start_date: '2026-03-02', days: 3 },
      { startDate: '2026-03-02', endDate: '2026-03-04', halfDay: false },
    ],
    [
      'days: 1 as the start day',
      { start_date: '2026-03-02', days: 1 },
      { startDate: '2026-03-02', endDate: '2026-03-02', halfDay: false },
    ],
    [
      'days across 29 February 2028',
      { start_date: '2028-02-28', days: 3 },
      { startDate: '2028-02-28', endDate: '2028-03-01', halfDay: false },
    ],
    [
      'days across 31 December',
      { start_date: '2026-12-30', days: 4 },
      { startDate: '2026-12-30', endDate: '2027-01-02', halfDay: false },
    ],
    [
      'a half day',
      { start_date: '2026-03-02', half_day: true },
      { startDate: '2026-03-02', endDate: '2026-03-02', halfDay: true },
    ],
    [
      'a half day with the same end_date',
      { start_date: '2026-03-02', end_date: '2026-03-02', half_day: true },
      { startDate: '2026-03-02', endDate: '2026-03-02', halfDay: true },
    ],
  ])('reads %s', (_what, input, expected) => {
    expect(resolveRange(input)).toMatchObject(expected);
  });

  it.each<[string, RequestDates, string]>([
    ['a malformed start_date', { start_date: '02.03.2026' }, 'start_date: must be a date written YYYY-MM-DD'],
    ['a start_date that is not a real day', { start_date: '2027-02-29' }, 'start_date: 2027-02-29 is not a real date'],
    [
      'a malformed end_date',
      { start_date: '2026-03-02', end_date: '2026-3-6' },
      'end_date: must be a date written YYYY-MM-DD',
    ],
    [
      'an end_date that is not a real day',
      { start_date: '2026-03-02', end_date: '2026-04-31' },
      'end_date: 2026-04-31 is not a real date',
    ],
    [
      'an end_date before the start_date',
      { start_date: '2026-03-06', end_date: '2026-03-02' },
      'end_date: must not be before start_date',
    ],
    [
      'both end_date and days',
      { start_date: '2026-03-02', end_date: '2026-03-04', days: 3 },
      'days: give either end_date or days, not both',
    ],
    ['zero days', { start_date: '2026-03-02', days: 0 }, 'days: must be a whole number'],
    ['a fraction of days', { start_date: '2026-03-02', days: 1.5 }, 'days: must be a whole number'],
    ['more than 366 days', { start_date: '2026-03-02', days: 367 }, 'days: a request spans at most 366 calendar days'],
    [
      'an end_date more than 366 days away',
      { start_date: '2026-03-02', end_date: '2027-03-03' },
      'end_date: a request spans at most 366 calendar days',
    ],
    [
      'a half day over several days',
      { start_date: '2026-03-02', end_date: '2026-03-03', half_day: true },
      'half_day: only a single-day request can be a half day',
    ],
    [
      'a half day given days: 2',
      { start_date: '2026-03-02', days: 2, half_day: true },
      'half_day: only a single-day request can be a half day',
    ],
  ])('refuses %s, naming the field', (_what, input, message) => {
    expect(validationMessage(() => resolveRange(input))).toMatch(
      new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
  });
});

describe('checking a request against policy, calendar, other requests and balance', () => {
  it('counts working days per year for a request across 31 December', () => {
    const balances = new Map([
      [2026, balanceView({ allocated: 25, pending: 0, used: 0 }, annualLeave)],
      [2027, balanceView(undefined, annualLeave)],
    ]);
    const checked = checkRequest(
      resolveRange({ start_date: '2026-12-28', end_date: '2027-01-05' }),
      factsWith({ balances }),
    );
    expect(checked.byYear).toEqual([
      { year: 2026, days: 3 },
      { year: 2027, days: 2 },
    ]);
    expect(checked.totalDays).toBe(5);
  });

  it('counts a half day as 0.5', () => {
    expect(checkRequest(resolveRange({ start_date: '2026-03-02', half_day: true }), factsWith()).totalDays).toBe(0.5);
  });

  it('accepts a request starting today when the policy allows no past days', () => {
    expect(checkRequest(resolveRange({ start_date: '2026-02-02' }), factsWith()).totalDays).toBe(1);
  });

  it('accepts a request that only touches an existing request of the employee', () => {
    const ownRequests = [{ startDate: '2026-03-02', endDate: '2026-03-04', status: 'APPROVED' as const }];
    expect(checkRequest(resolveRange({ start_date: '2026-03-05' }), factsWith({ ownRequests })).totalDays).toBe(1);
  });

  it('lets a policy that allows a negative balance go below zero', () => {
    const policy = { ...annualLeave, allowNegativeBalance: true };
    const balances = new Map([[2026, balanceView({ allocated: 1, pending: 0, used: 1 }, policy)]]);
    expect(
      checkRequest(resolveRange({ start_date: '2026-03-02', days: 5 }), factsWith({ policy, balances })).totalDays,
    ).toBe(5);
  });

  it('takes a year without a balance row as the full yearly allocation', () => {
    const checked = checkRequest(
      resolveRange({ start_date: '2027-03-01', days: 5 }),
      factsWith({ balances: new Map() }),
    );
    expect(checked.byYear).toEqual([{ year: 2027, days: 5 }]);
  });

  const noHalfDays = { ...annualLeave, name: 'Parental leave', allowHalfDays: false };
  const sick = { ...annualLeave, name: 'Sick leave', maxPastDays: 30, minNoticeDays: 0 };
  it.each<[string, RequestDates, Parameters<typeof factsWith>[0], string]>([
    [
      'a half day on a policy without half days',
      { start_date: '2026-03-02', half_day: true },
      { policy: noHalfDays },
      'half_day: Parental leave cannot be taken in half days',
    ],
    [
      'a start in the past on a policy that allows none',
      { start_date: '2026-01-30' },
      {},
      'start_date: Annual leave cannot start in the past (today is 2026-02-02)',
    ],
    [
      'a start further back than the policy allows',
      { start_date: '2026-01-02' },
      { policy: sick },
      'start_date: Sick leave can start at most 30 days in the past (on or after 2026-01-03)',
    ],
    [
      'a weekend only',
      { start_date: '2026-03-07', end_date: '2026-03-08' },
      {},
      'end_date: 2026-03-07 to 2026-03-08 has no working days',
    ],
    [
      'a single public holiday',
      { start_date: '2026-05-01' },
      {},
      'start_date: 2026-05-01 to 2026-05-01 has no working days (weekends and public holidays are not counted; ' +
        'public holidays in it: 2026-05-01 Labour Day)',
    ],
    [
      'days covering only a weekend',
      { start_date: '2026-03-07', days: 2 },
      {},
      'days: 2026-03-07 to 2026-03-08 has no working days',
    ],
    [
      'an overlap with a pending request',
      { start_date: '2026-03-02', days: 5 },
      { ownRequests: [{ startDate: '2026-03-06', endDate: '2026-03-09', status: 'PENDING' }] },
      'start_date: overlaps your PENDING request from 2026-03-06 to 2026-03-09',
    ],
    [
      'an overlap with an in-progress request',
      { start_date: '2026-02-03' },
      { ownRequests: [{ startDate: '2026-02-02', endDate: '2026-02-04', status: 'IN_PROGRESS' }] },
      'start_date: overlaps your IN_PROGRESS request',
    ],
    [
      'more days than the balance holds',
      { start_date: '2026-03-02', end_date: '2026-03-13' },
      { balances: new Map([[2026, balanceView({ allocated: 25, pending: 10, used: 8 }, annualLeave)]]) },
      'end_date: needs 10 days of Annual leave in 2026 but only 7 remain',
    ],
    [
      'more days than the next year holds, across 31 December',
      { start_date: '2026-12-28', end_date: '2027-01-08' },
      {
        balances: new Map([
          [2026, balanceView({ allocated: 25, pending: 0, used: 0 }, annualLeave)],
          [2027, balanceView({ allocated: 25, pending: 0, used: 23 }, annualLeave)],
        ]),
      },
      'end_date: needs 5 days of Annual leave in 2027 but only 2 remain',
    ],
  ])('refuses %s, naming the field', (_what, input, overrides, message) => {
    expect(validationMessage(() => checkRequest(resolveRange(input), factsWith(overrides)))).toContain(message);
    expect(validationMessage(() => checkRequest(resolveRange(input), factsWith(overrides)))).toMatch(
      /^(start_date|end_date|days|half_day): /,
    );
  });
});

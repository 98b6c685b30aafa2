import { uuidv7 } from '../../db/uuidv7';
import type { HolidayRow, PolicyRow } from './leaveBulkInsert';

export type PolicyKind = 'annual' | 'sick' | 'unpaid' | 'parental';

/**
 * The policies every seeded tenant gets. Annual leave is the default. Sick leave needs no approval (it is
 * recorded, often afterwards: up to 30 days back) and may go negative, because being ill does not stop when the
 * allowance does. Unpaid leave has no allocation: it only counts days, so it may go negative by design.
 */
export function standardPolicies(tenantId: string, annualDays = 25): Record<PolicyKind, PolicyRow> {
  const base = {
    tenantId,
    isDefault: false,
    allowHalfDays: true,
    carryOverMaxDays: 0,
    minNoticeDays: 0,
    maxPastDays: 0,
  };
  return {
    annual: {
      ...base,
      id: uuidv7(),
      name: 'Annual leave',
      kind: 'annual',
      isDefault: true,
      yearlyAllocationDays: annualDays,
      allowNegativeBalance: false,
      carryOverMaxDays: 5,
      minNoticeDays: 7,
      requiresApproval: true,
    },
    sick: {
      ...base,
      id: uuidv7(),
      name: 'Sick leave',
      kind: 'sick',
      yearlyAllocationDays: 10,
      allowNegativeBalance: true,
      maxPastDays: 30,
      requiresApproval: false,
    },
    unpaid: {
      ...base,
      id: uuidv7(),
      name: 'Unpaid leave',
      kind: 'unpaid',
      yearlyAllocationDays: 0,
      allowNegativeBalance: true,
      minNoticeDays: 14,
      requiresApproval: true,
    },
    parental: {
      ...base,
      id: uuidv7(),
      name: 'Parental leave',
      kind: 'parental',
      yearlyAllocationDays: 20,
      allowHalfDays: false,
      allowNegativeBalance: false,
      minNoticeDays: 30,
      requiresApproval: true,
    },
  };
}

/** A fixed list of public holidays as MM-DD and name: the same dates every year, so seeds stay deterministic. */
export type HolidayList = ReadonlyArray<readonly [monthDay: string, name: string]>;

export const europeanHolidays: HolidayList = [
  ['01-01', "New Year's Day"],
  ['05-01', 'Labour Day'],
  ['10-03', 'Day of German Unity'],
  ['12-24', 'Christmas Eve'],
  ['12-25', 'Christmas Day'],
  ['12-26', "St Stephen's Day"],
  ['12-31', "New Year's Eve"],
];

export const americanHolidays: HolidayList = [
  ['01-01', "New Year's Day"],
  ['07-04', 'Independence Day'],
  ['11-11', 'Veterans Day'],
  ['12-25', 'Christmas Day'],
];

/** The holidays of `list` in each of `years`. */
export function holidayRows(tenantId: string, list: HolidayList, years: number[]): HolidayRow[] {
  return years.flatMap((year) =>
    list.map(([monthDay, name]) => ({ id: uuidv7(), tenantId, date: `${year}-${monthDay}`, name })),
  );
}

import { todayIn, yearOf } from '../../engines/leave/dates';
import { LeaveBook } from './leaveBook';
import type { HolidayRow, PolicyRow } from './leaveBulkInsert';
import { europeanHolidays, holidayRows, standardPolicies } from './leavePolicies';
import type { Random } from './random';

/**
 * Leave for a synthetic tenant, so reports over it measure something real: the standard policies, holidays of
 * this and next year, and for every employee this year's annual leave (allocation, 0-5 days carried over, 0-25
 * days used in half days, as imported history) and sick leave (allocation, 0-4 days used). Varying used days give
 * the untaken-leave report a real sort.
 */
export function buildSyntheticLeave(args: {
  tenantId: string;
  timeZone: string;
  employeeIds: string[];
  random: Random;
  now: Date;
}): { policies: PolicyRow[]; holidays: HolidayRow[]; book: LeaveBook } {
  const year = yearOf(todayIn(args.timeZone, args.now));
  const policies = standardPolicies(args.tenantId);
  const book = new LeaveBook();
  const imported = { note: 'leave taken before svc-hr (imported)' };
  for (const employeeId of args.employeeIds) {
    const annual = { tenantId: args.tenantId, employeeId, policyId: policies.annual.id };
    const sick = { ...annual, policyId: policies.sick.id };
    book.move(annual, year, 'allocation', 'allocated', policies.annual.yearlyAllocationDays, {
      note: `yearly allocation ${year}`,
    });
    book.move(annual, year, 'carry_over', 'allocated', args.random.int(0, policies.annual.carryOverMaxDays), {
      note: `carried over from ${year - 1}`,
    });
    book.move(annual, year, 'adjustment', 'used', args.random.int(0, 50) / 2, imported);
    book.move(sick, year, 'allocation', 'allocated', policies.sick.yearlyAllocationDays, {
      note: `yearly allocation ${year}`,
    });
    book.move(sick, year, 'adjustment', 'used', args.random.int(0, 4), imported);
  }
  return {
    policies: Object.values(policies),
    holidays: holidayRows(args.tenantId, europeanHolidays, [year, year + 1]),
    book,
  };
}

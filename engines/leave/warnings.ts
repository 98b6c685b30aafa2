import type { LeaveStatus } from '../../db/models';
import { balanceView } from './balances';
import { daysBetween, type IsoDate } from './dates';
import type { CheckedRequest, RequestFacts } from './validateRequest';

/**
 * Warnings of a successful request: things the employee (or an agent acting for them) should know, but that do
 * not stop the request. The contract leaves their shape open; each is `{ code, message }` with a stable code.
 */
export const warningCodes = [
  'overlapping_team_absence',
  'low_balance',
  'negative_balance',
  'public_holiday_in_range',
  'short_notice',
] as const;

export type WarningCode = (typeof warningCodes)[number];

export interface LeaveWarning {
  code: WarningCode;
  message: string;
}

/** A colleague (same manager or same department) whose active leave overlaps the request. */
export interface TeamAbsence {
  employeeId: string;
  /** null when the requester may not see this colleague: they are counted, not named. */
  employeeName: string | null;
  startDate: IsoDate;
  endDate: IsoDate;
  status: LeaveStatus;
}

/** Below this share of the year's allocation left after the request, the balance counts as low. */
export const LOW_BALANCE_SHARE = 0.2;

const NAMES_SHOWN = 3;

/** The warnings of a request that passed checkRequest, in a fixed order. */
export function requestWarnings(
  checked: CheckedRequest,
  facts: RequestFacts,
  teamAbsences: readonly TeamAbsence[],
): LeaveWarning[] {
  const warnings: LeaveWarning[] = [];
  const { policy } = facts;
  if (teamAbsences.length > 0) {
    const colleagues = new Set(teamAbsences.map((a) => a.employeeId)).size;
    const names = [...new Set(teamAbsences.flatMap((a) => (a.employeeName === null ? [] : [a.employeeName])))];
    const more = names.length > NAMES_SHOWN ? `, and ${names.length - NAMES_SHOWN} more` : '';
    const named = names.length > 0 ? ` (${names.slice(0, NAMES_SHOWN).join(', ')}${more})` : '';
    warnings.push({
      code: 'overlapping_team_absence',
      message: `${colleagues} colleague(s) of your team or department are also away or asking to be${named}`,
    });
  }
  for (const { year, days } of checked.byYear) {
    const before = facts.balances.get(year) ?? balanceView(undefined, policy);
    // A policy without an allocation (unpaid leave) only counts days: its balance is always "negative".
    if (before.allocated <= 0) continue;
    const after = before.remaining - days;
    if (after < 0) {
      warnings.push({
        code: 'negative_balance',
        message: `${policy.name} ${year} goes to ${after} days after this request (${policy.name} allows it)`,
      });
    } else if (after < before.allocated * LOW_BALANCE_SHARE) {
      warnings.push({
        code: 'low_balance',
        message: `only ${after} days of ${policy.name} ${year} left after this request`,
      });
    }
  }
  for (const holiday of checked.holidays) {
    warnings.push({
      code: 'public_holiday_in_range',
      message: `${holiday.date} is a public holiday (${holiday.name}) and is not counted`,
    });
  }
  const notice = daysBetween(facts.today, checked.startDate);
  if (policy.minNoticeDays > 0 && notice < policy.minNoticeDays) {
    warnings.push({
      code: 'short_notice',
      message: `${policy.name} asks for ${policy.minNoticeDays} days of notice; this starts in ${Math.max(notice, 0)} day(s)`,
    });
  }
  return warnings;
}

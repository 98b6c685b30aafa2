import type { Db } from '../../db/handle';
import { toDbDate, type IsoDate } from '../leave/dates';

/**
 * The overtime Payroll pays for a month: per employee, the summed `overtimeMinutes` of their APPROVED timesheets
 * whose week ends (its Sunday, `endDate`) from `monthStart` to `monthEnd`, both included, so each week is paid once,
 * with the month its Sunday falls in. Employees without approved overtime are absent from the map. Payroll prices
 * the minutes with `overtimeRatePercent` of timeTrackingPolicyOf.
 */
export async function approvedOvertime(
  db: Db,
  tenantId: string,
  employeeIds: readonly string[],
  monthStart: IsoDate,
  monthEnd: IsoDate,
): Promise<Map<string, number>> {
  if (employeeIds.length === 0) return new Map();
  const rows = await db.timesheet.groupBy({
    by: ['employeeId'],
    where: {
      tenantId,
      employeeId: { in: [...employeeIds] },
      status: 'APPROVED',
      endDate: { gte: toDbDate(monthStart), lte: toDbDate(monthEnd) },
    },
    _sum: { overtimeMinutes: true },
  });
  return new Map(
    rows.filter((r) => (r._sum.overtimeMinutes ?? 0) > 0).map((r) => [r.employeeId, r._sum.overtimeMinutes ?? 0]),
  );
}

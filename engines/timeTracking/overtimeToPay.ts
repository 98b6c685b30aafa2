import type { Db } from '../../db/handle';
import { fromDbDate, toDbDate, type IsoDate } from '../leave/dates';

/** An approved week's overtime that no payslip has paid yet. */
export interface OvertimeWeek {
  timesheetId: string;
  employeeId: string;
  weekStart: IsoDate;
  weekEnd: IsoDate;
  minutes: number;
}

/**
 * The overtime Payroll pays in a month ending `monthEnd`: the `overtimeMinutes` of every APPROVED week of
 * `employeeIds` whose Sunday (`endDate`) is on or before it and that no payslip line has paid (a week approved after
 * its month's run, or corrected later, goes into the next run; a cancelled run's payslips are deleted, so its weeks
 * are free again). Week by week, oldest first, for the payslip's lines. Payroll prices the minutes with
 * `overtimeRatePercent` of timeTrackingPolicyOf.
 */
export async function overtimeToPay(
  db: Db,
  tenantId: string,
  employeeIds: readonly string[],
  monthEnd: IsoDate,
): Promise<OvertimeWeek[]> {
  if (employeeIds.length === 0) return [];
  const rows = await db.$queryRaw<
    Array<{ id: string; employeeId: string; startDate: Date; endDate: Date; minutes: number }>
  >`
    SELECT t.id::text AS id, t.employee_id::text AS "employeeId", t.start_date AS "startDate",
           t.end_date AS "endDate", t.overtime_minutes AS minutes
    FROM timesheets t
    WHERE t.tenant_id = ${tenantId}::uuid AND t.employee_id = ANY(${[...employeeIds]}::uuid[]) AND t.status = 'APPROVED'
      AND t.overtime_minutes > 0 AND t.end_date <= ${toDbDate(monthEnd)}
      AND NOT EXISTS (SELECT 1 FROM payslip_lines l WHERE l.source_id = t.id AND l.kind = 'overtime')
    ORDER BY t.start_date, t.id`;
  return rows.map((r) => ({
    timesheetId: r.id,
    employeeId: r.employeeId,
    weekStart: fromDbDate(r.startDate),
    weekEnd: fromDbDate(r.endDate),
    minutes: r.minutes,
  }));
}

import type { Db } from '../../db/handle';
import { addDays, dayOfWeek, fromDbDate, toDbDate, type IsoDate } from '../leave/dates';

/** Leave that takes a day off the target: granted, under way, or taken (not pending, rejected or cancelled). */
const TAKEN_LEAVE = ['APPROVED', 'IN_PROGRESS', 'COMPLETED'] as const;

/**
 * Minutes a person is expected to work on each day from `from` to `to`: the daily target on a working day (Monday to
 * Friday, not a public holiday of the tenant, within their employment), none on a day of taken leave, half on a half
 * day of leave. The same target whatever leave type: paid or unpaid, a day off is not a day short.
 */
export async function targetMinutesByDay(
  db: Db,
  input: { tenantId: string; employeeId: string; from: IsoDate; to: IsoDate; dailyTargetMinutes: number },
): Promise<Map<IsoDate, number>> {
  const [employee, holidays, leave] = await Promise.all([
    db.employee.findUniqueOrThrow({
      where: { id: input.employeeId },
      select: { hireDate: true, terminationDate: true },
    }),
    db.publicHoliday.findMany({
      where: { tenantId: input.tenantId, date: { gte: toDbDate(input.from), lte: toDbDate(input.to) } },
      select: { date: true },
    }),
    db.leaveRequest.findMany({
      where: {
        employeeId: input.employeeId,
        status: { in: [...TAKEN_LEAVE] },
        startDate: { lte: toDbDate(input.to) },
        endDate: { gte: toDbDate(input.from) },
      },
      select: { startDate: true, endDate: true, halfDay: true },
    }),
  ]);
  const holidaySet = new Set(holidays.map((h) => fromDbDate(h.date)));
  const hired = fromDbDate(employee.hireDate);
  const left = employee.terminationDate ? fromDbDate(employee.terminationDate) : null;
  const targets = new Map<IsoDate, number>();
  for (let day = input.from; day <= input.to; day = addDays(day, 1)) {
    const weekday = dayOfWeek(day) !== 0 && dayOfWeek(day) !== 6;
    const employed = day >= hired && (left === null || day <= left);
    let target = weekday && employed && !holidaySet.has(day) ? input.dailyTargetMinutes : 0;
    const off = leave.find((l) => fromDbDate(l.startDate) <= day && day <= fromDbDate(l.endDate));
    if (off) target = off.halfDay ? Math.round(target / 2) : 0;
    targets.set(day, target);
  }
  return targets;
}

/** Days with a target, the working days a timesheet asks approval for (the approval's `days` fact). */
export function workingDaysOf(targets: ReadonlyMap<IsoDate, number>): number {
  return [...targets.values()].filter((t) => t > 0).length;
}

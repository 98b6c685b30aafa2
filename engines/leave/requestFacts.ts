import type { LeaveStatus } from '../../db/models';
import { balanceView } from './balances';
import { fromDbDate, toDbDate, type IsoDate } from './dates';
import type { PolicyRules } from './policies';
import { activeStatuses } from './statuses';
import { yearsOf, type RequestFacts } from './validateRequest';
import type { TeamAbsence } from './warnings';
import type { DateRange, HolidayCalendar } from './workingDays';
import type { Db } from '../../db/handle';

/** The tenant's public holidays from `from` to `to`, inclusive. */
export async function loadHolidays(db: Db, tenantId: string, from: IsoDate, to: IsoDate): Promise<HolidayCalendar> {
  const rows = await db.publicHoliday.findMany({
    where: { tenantId, date: { gte: toDbDate(from), lte: toDbDate(to) } },
    select: { date: true, name: true },
  });
  return new Map(rows.map((r) => [fromDbDate(r.date), r.name]));
}

/**
 * Everything checkRequest and requestWarnings need about one employee's request, read in the transaction that
 * will write it (after the employee's lock, so no concurrent request of theirs can slip in between). One statement,
 * one round trip: the holidays of the range, the balances of its years and the employee's overlapping requests.
 */
export async function loadRequestFacts(
  db: Db,
  args: { tenantId: string; employeeId: string; policy: PolicyRules; range: DateRange; today: IsoDate },
): Promise<RequestFacts> {
  const { tenantId, employeeId, policy, range, today } = args;
  const years = yearsOf(range);
  type Row = {
    holidays: Array<{ date: IsoDate; name: string }>;
    balances: Array<{ year: number; allocated: number; pending: number; used: number }>;
    own: Array<{ startDate: IsoDate; endDate: IsoDate; status: LeaveStatus }>;
  };
  const [row] = await db.$queryRaw<Row[]>`
    SELECT
      (SELECT COALESCE(json_agg(json_build_object('date', to_char(h.date, 'YYYY-MM-DD'), 'name', h.name)), '[]')
         FROM public_holidays h
        WHERE h.tenant_id = ${tenantId}::uuid
          AND h.date >= ${range.startDate}::date AND h.date <= ${range.endDate}::date) AS holidays,
      (SELECT COALESCE(json_agg(json_build_object('year', b.year, 'allocated', b.allocated, 'pending', b.pending,
                                                  'used', b.used)), '[]')
         FROM leave_balances b
        WHERE b.tenant_id = ${tenantId}::uuid AND b.employee_id = ${employeeId}::uuid
          AND b.policy_id = ${policy.id}::uuid AND b.year = ANY(${years}::int[])) AS balances,
      (SELECT COALESCE(json_agg(json_build_object('startDate', to_char(r.start_date, 'YYYY-MM-DD'),
                                                  'endDate', to_char(r.end_date, 'YYYY-MM-DD'),
                                                  'status', r.status::text)
                                ORDER BY r.start_date), '[]')
         FROM leave_requests r
        WHERE r.tenant_id = ${tenantId}::uuid AND r.employee_id = ${employeeId}::uuid
          AND r.status::text = ANY(${[...activeStatuses]}::text[])
          AND r.start_date <= ${range.endDate}::date AND r.end_date >= ${range.startDate}::date) AS own`;
  const holidays: HolidayCalendar = new Map(row!.holidays.map((h) => [h.date, h.name]));
  const balances = new Map(
    years.map((year) => [
      year,
      balanceView(
        row!.balances.find((b) => b.year === year),
        policy,
      ),
    ]),
  );
  return { policy, today, holidays, balances, ownRequests: row!.own };
}

/**
 * Active leave of the employee's colleagues (same manager, or same department) overlapping `range`. Names are
 * given only for colleagues in `nameable`, the ids the requester may see; the others are only counted.
 */
export async function findTeamAbsences(
  db: Db,
  args: {
    tenantId: string;
    employee: { id: string; managerId: string | null; departmentId: string | null };
    range: DateRange;
    nameable: (employeeId: string) => boolean;
  },
): Promise<TeamAbsence[]> {
  const { tenantId, employee, range } = args;
  const rows = await db.$queryRaw<
    Array<{ employeeId: string; name: string; startDate: IsoDate; endDate: IsoDate; status: LeaveStatus }>
  >`
    SELECT e.id::text AS "employeeId", e.name AS "name", to_char(r.start_date, 'YYYY-MM-DD') AS "startDate",
           to_char(r.end_date, 'YYYY-MM-DD') AS "endDate", r.status::text AS "status"
    FROM leave_requests r
    JOIN employees e ON e.id = r.employee_id AND e.tenant_id = r.tenant_id
    WHERE r.tenant_id = ${tenantId}::uuid
      AND r.employee_id <> ${employee.id}::uuid
      AND r.status::text = ANY(${[...activeStatuses]}::text[])
      AND r.start_date <= ${range.endDate}::date AND r.end_date >= ${range.startDate}::date
      AND (e.manager_id = ${employee.managerId}::uuid OR e.department_id = ${employee.departmentId}::uuid)
    ORDER BY r.start_date, e.name`;
  return rows.map((r) => ({
    employeeId: r.employeeId,
    employeeName: args.nameable(r.employeeId) ? r.name : null,
    startDate: r.startDate,
    endDate: r.endDate,
    status: r.status,
  }));
}

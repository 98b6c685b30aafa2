import type { Prisma } from '../../db/models';
import { approvedClaimsToReimburse } from '../expenses/expenseReimbursement';
import { fromDbDate, toDbDate, type IsoDate } from '../leave/dates';
import { overtimeToPay } from '../timeTracking/overtimeToPay';
import { timeTrackingPolicyOf } from '../timeTracking/timePolicy';
import type { PayslipInputs } from './payslipCalculation';

type Tx = Prisma.TransactionClient;

/** A person a run pays, as the run reads them. */
export interface PayrollEmployee {
  id: string;
  employeeNumber: number;
  name: string;
  hireDate: IsoDate;
  terminationDate: IsoDate | null;
}

/**
 * Everything a page of people's payslips is computed from, read inside the run's transaction (the inputs of another
 * run cannot be taken twice: the run holds the tenant's payroll lock). Each area's figures come from its own tables:
 * Compensation (salary history, bonuses, allowances), Time Tracking (approved weeks' overtime not paid yet, so a week
 * approved after its month was paid goes into the next run), Leave (approved unpaid leave in the period), Expenses
 * (approved claims no run has taken).
 */
export async function loadPayslipInputs(
  tx: Tx,
  tenantId: string,
  period: { start: IsoDate; end: IsoDate },
  employees: readonly PayrollEmployee[],
): Promise<Map<string, PayslipInputs>> {
  const ids = employees.map((e) => e.id);
  const start = toDbDate(period.start);
  const end = toDbDate(period.end);
  const [salaries, items, overtime, unpaid, claims, holidays, policy] = await Promise.all([
    tx.salary.findMany({
      where: { tenantId, employeeId: { in: ids }, effectiveDate: { lte: end } },
      orderBy: [{ employeeId: 'asc' }, { effectiveDate: 'asc' }],
      select: { employeeId: true, effectiveDate: true, annualMinor: true, currency: true },
    }),
    tx.compensationItem.findMany({
      where: {
        tenantId,
        employeeId: { in: ids },
        startDate: { lte: end },
        OR: [
          { kind: 'bonus', startDate: { gte: start } },
          { kind: 'allowance', OR: [{ endDate: null }, { endDate: { gte: start } }] },
        ],
      },
      orderBy: { startDate: 'asc' },
    }),
    overtimeToPay(tx, tenantId, ids, period.end),
    tx.$queryRaw<Array<{ id: string; employeeId: string; startDate: Date; endDate: Date; halfDay: boolean }>>`
      SELECT r.id::text AS id, r.employee_id::text AS "employeeId", r.start_date AS "startDate",
             r.end_date AS "endDate", r.half_day AS "halfDay"
      FROM leave_requests r JOIN leave_policies p ON p.id = r.policy_id
      WHERE r.tenant_id = ${tenantId}::uuid AND r.employee_id = ANY(${ids}::uuid[]) AND p.kind = 'unpaid'
        AND r.status IN ('APPROVED', 'IN_PROGRESS', 'COMPLETED') AND r.start_date <= ${end} AND r.end_date >= ${start}
      ORDER BY r.start_date`,
    approvedClaimsToReimburse(tx, tenantId, ids),
    tx.publicHoliday.findMany({ where: { tenantId, date: { gte: start, lte: end } } }),
    timeTrackingPolicyOf(tx, tenantId),
  ]);
  const holidayCalendar = new Map(holidays.map((h) => [fromDbDate(h.date), h.name]));
  const inputs = new Map<string, PayslipInputs>();
  for (const e of employees) {
    inputs.set(e.id, {
      period,
      holidays: holidayCalendar,
      employment: { hireDate: e.hireDate, terminationDate: e.terminationDate },
      salaries: [],
      allowances: [],
      bonuses: [],
      overtime: [],
      policy: { dailyTargetMinutes: policy.dailyTargetMinutes, overtimeRatePercent: policy.overtimeRatePercent },
      unpaidLeave: [],
      claims: claims.get(e.id) ?? [],
    });
  }
  for (const s of salaries) {
    inputs.get(s.employeeId)!.salaries.push({
      from: fromDbDate(s.effectiveDate),
      annualMinor: s.annualMinor,
      currency: s.currency,
    });
  }
  for (const item of items) {
    const into = inputs.get(item.employeeId)!;
    if (item.kind === 'bonus') {
      into.bonuses.push({
        id: item.id,
        name: item.name,
        amountMinor: item.amountMinor,
        currency: item.currency,
        date: fromDbDate(item.startDate),
      });
    } else {
      into.allowances.push({
        id: item.id,
        name: item.name,
        monthlyMinor: item.amountMinor,
        currency: item.currency,
        start: fromDbDate(item.startDate),
        end: item.endDate ? fromDbDate(item.endDate) : null,
      });
    }
  }
  for (const { employeeId, ...week } of overtime) inputs.get(employeeId)!.overtime.push(week);
  for (const leave of unpaid) {
    inputs.get(leave.employeeId)!.unpaidLeave.push({
      requestId: leave.id,
      startDate: fromDbDate(leave.startDate),
      endDate: fromDbDate(leave.endDate),
      halfDay: leave.halfDay,
    });
  }
  return inputs;
}

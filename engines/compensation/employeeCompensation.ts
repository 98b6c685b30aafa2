import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { maySeeCompensation } from '../access/compensationAccess';
import { compensationFieldAccess, withoutHiddenFields } from '../access/fieldAccess';
import { canSeeEmployee } from '../access/visibility';
import { AppError } from '../appError';
import type { IsoDate } from '../leave/dates';
import { bandPercent, bandWarnings, type BandWarning } from './bandPosition';
import { changeViewsOf, visibleChangesFilter, type CompensationChangeView } from './compensationChangeViews';
import { allowanceViewOf, bonusViewOf, type AllowanceView, type BonusView } from './compensationItems';
import { bandFor, payBandViewOf, type PayBandView } from './payBands';
import { salaryOn, salaryViewOf, type SalaryView } from './salaries';

/** A person's compensation (GET /api/compensation/employees/{id}); amounts only for who may read them. */
export interface EmployeeCompensation {
  employeeId: string;
  employeeName: string;
  jobTitle: string;
  payBand: PayBandView | null;
  currentSalary: SalaryView | null;
  /** Where the current salary sits in the band: 0 its minimum, 100 its maximum. */
  bandPosition: { percent: number | null; warnings: BandWarning[] } | null;
  salaryHistory: SalaryView[];
  bonuses: BonusView[];
  allowances: AllowanceView[];
  /** Proposals not yet applied (pending or approved) that the reader may see: never the person's own. */
  pendingChanges: CompensationChangeView[];
}

/** What everyone who sees the person reads; the rest only who may read pay. */
export type CompensationReading = Pick<EmployeeCompensation, 'employeeId' | 'employeeName' | 'jobTitle' | 'payBand'> &
  Partial<EmployeeCompensation>;

/**
 * One person's compensation as `actor` may read it: 404 for someone they cannot see; the sensitive fields
 * (engines/access/fieldAccess.ts, `compensationFieldAccess`) left out unless engines/access/compensationAccess.ts
 * lets them read pay.
 */
export async function employeeCompensation(
  prisma: PrismaClient,
  actor: Actor,
  employeeId: string,
  today: IsoDate,
): Promise<CompensationReading> {
  if (!(await canSeeEmployee(prisma, actor, employeeId))) throw new AppError('not_found', `No person ${employeeId}`);
  const tenantId = actor.tenant.id;
  const employee = await prisma.employee.findUniqueOrThrow({ where: { id: employeeId } });
  const current = await salaryOn(prisma, tenantId, employeeId, today);
  const band = await bandFor(prisma, tenantId, employee, current?.payBandId ?? null);
  const visible = await maySeeCompensation(prisma, actor, employeeId);
  const [history, items, changes] = visible
    ? await Promise.all([
        prisma.salary.findMany({ where: { tenantId, employeeId }, orderBy: { effectiveDate: 'desc' } }),
        prisma.compensationItem.findMany({ where: { tenantId, employeeId }, orderBy: { startDate: 'desc' } }),
        // The proposals the actor may read (not the person's own: they see a change once it applies).
        visibleChangesFilter(prisma, actor).then((filter) =>
          prisma.compensationChange.findMany({
            where: { AND: [filter, { employeeId, status: { in: ['PENDING', 'APPROVED'] } }] },
            orderBy: { effectiveDate: 'asc' },
          }),
        ),
      ])
    : [[], [], []];
  const record: EmployeeCompensation = {
    employeeId,
    employeeName: employee.name,
    jobTitle: employee.jobTitle,
    payBand: band ? payBandViewOf(band) : null,
    currentSalary: current ? salaryViewOf(current) : null,
    bandPosition: current
      ? {
          percent: bandPercent(current.annualMinor, current.currency, band),
          warnings: bandWarnings(current.annualMinor, current.currency, band),
        }
      : null,
    salaryHistory: history.map(salaryViewOf),
    bonuses: items.filter((i) => i.kind === 'bonus').map(bonusViewOf),
    allowances: items.filter((i) => i.kind === 'allowance').map(allowanceViewOf),
    pendingChanges: await changeViewsOf(prisma, changes),
  };
  return withoutHiddenFields(record, compensationFieldAccess, visible) as CompensationReading;
}

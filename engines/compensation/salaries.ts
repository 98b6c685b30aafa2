import type { Prisma, Salary } from '../../db/models';
import type { Db } from '../../db/handle';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { requireHrRole } from '../access/requireHrRole';
import { canSeeEmployee } from '../access/visibility';
import { AppError } from '../appError';
import { fromDbDate, toDbDate, type IsoDate } from '../leave/dates';
import { lockEmployee } from '../people/employeeLock';
import { requireOpenPayPeriod } from '../payroll/periodLock';
import { emitCompensationWebhookEvent } from '../webhooks/emitters';
import { moneyOf, type Money } from '../../lib/money/money';
import { bandWarnings, type BandWarning } from './bandPosition';
import { bandFor, payBandRef } from './payBands';

/** One entry of a salary history as the API answers it (sensitive: engines/access/compensationAccess.ts). */
export interface SalaryView {
  id: string;
  effectiveDate: IsoDate;
  annual: Money;
  /** The yearly salary over twelve months, rounded: what a full month pays. */
  monthly: Money;
  payBandId: string | null;
  reason: string | null;
  /** The approved change proposal that made it; null: recorded by HR. */
  changeId: string | null;
  createdAt: string;
}

export function salaryViewOf(row: Salary): SalaryView {
  const monthly = (row.annualMinor * 2n + 12n) / 24n; // half up: the annual salary is never negative
  return {
    id: row.id,
    effectiveDate: fromDbDate(row.effectiveDate),
    annual: moneyOf(row.annualMinor, row.currency),
    monthly: moneyOf(monthly, row.currency),
    payBandId: row.payBandId,
    reason: row.reason,
    changeId: row.changeId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The salary in effect on `date`: the latest entry effective on or before it; null before the first one. */
export async function salaryOn(db: Db, tenantId: string, employeeId: string, date: IsoDate): Promise<Salary | null> {
  return db.salary.findFirst({
    where: { tenantId, employeeId, effectiveDate: { lte: toDbDate(date) } },
    orderBy: { effectiveDate: 'desc' },
  });
}

export interface SalaryInput {
  employeeId: string;
  effectiveDate: IsoDate;
  annualMinor: number;
  currency: string;
  payBandId?: string | undefined;
  reason?: string | undefined;
}

/**
 * Records an entry of someone's salary history directly (HR: the system of record, for a new hire or an import;
 * a manager proposes changes instead, through Approval Flows). 404 for someone the caller cannot see, 400 for a date
 * before the hire date or an unknown band, 409 for a date that has an entry or lies in a closed pay period.
 */
export async function recordSalary(
  prisma: PrismaClient,
  actor: Actor,
  input: SalaryInput,
): Promise<{ salary: SalaryView; warnings: BandWarning[] }> {
  requireHrRole(actor, 'record salaries (managers propose changes: POST /api/compensation/changes)');
  if (!(await canSeeEmployee(prisma, actor, input.employeeId))) {
    throw new AppError('not_found', `No person ${input.employeeId}`);
  }
  const tenantId = actor.tenant.id;
  return prisma.$transaction(async (tx) => {
    await lockEmployee(tx, tenantId, input.employeeId);
    const employee = await tx.employee.findUniqueOrThrow({ where: { id: input.employeeId } });
    if (input.effectiveDate < fromDbDate(employee.hireDate)) {
      throw new AppError('validation_error', `effectiveDate: before the hire date ${fromDbDate(employee.hireDate)}`);
    }
    if (input.payBandId) await payBandRef(tx, tenantId, input.payBandId, 'payBandId');
    const row = await insertSalary(tx, {
      tenantId,
      employeeId: input.employeeId,
      effectiveDate: input.effectiveDate,
      annualMinor: BigInt(input.annualMinor),
      currency: input.currency,
      payBandId: input.payBandId ?? null,
      reason: input.reason?.trim() || null,
      createdByUserId: actor.user.id,
    });
    const band = await bandFor(tx, tenantId, employee, row.payBandId);
    return { salary: salaryViewOf(row), warnings: bandWarnings(row.annualMinor, row.currency, band) };
  });
}

/**
 * Writes one entry of someone's salary history inside the caller's transaction, which holds the employee's lock (or
 * made the employee): 409 for a date in a closed pay period or one that has an entry. Used by HR's records and by
 * a hire, whose accepted offer's salary is the starting one (engines/ats/offerAcceptance.ts).
 */
export async function insertSalary(
  tx: Prisma.TransactionClient,
  input: {
    tenantId: string;
    employeeId: string;
    effectiveDate: IsoDate;
    annualMinor: bigint;
    currency: string;
    payBandId: string | null;
    reason: string | null;
    createdByUserId: string;
  },
): Promise<Salary> {
  await requireOpenPayPeriod(tx, input.tenantId, input.effectiveDate, 'a salary');
  const taken = await tx.salary.findUnique({
    where: {
      employeeId_effectiveDate: { employeeId: input.employeeId, effectiveDate: toDbDate(input.effectiveDate) },
    },
  });
  if (taken) throw new AppError('conflict', `A salary effective ${input.effectiveDate} exists (${taken.id})`);
  const row = await tx.salary.create({ data: { ...input, effectiveDate: toDbDate(input.effectiveDate) } });
  await emitCompensationWebhookEvent(tx, 'compensation.salary.recorded', {
    tenantId: input.tenantId,
    employeeId: input.employeeId,
    record: { salaryId: row.id, effectiveDate: input.effectiveDate },
  });
  return row;
}

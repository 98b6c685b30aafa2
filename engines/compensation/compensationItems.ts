import type { CompensationItem } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { requireHrRole } from '../access/requireHrRole';
import { canSeeEmployee } from '../access/visibility';
import { AppError } from '../appError';
import { fromDbDate, toDbDate, type IsoDate } from '../leave/dates';
import { lockEmployee } from '../people/employeeLock';
import { requireOpenPayPeriod } from '../payroll/periodLock';
import { moneyOf, type Money } from '../../lib/money/money';

/**
 * Bonuses and allowances (company API, Compensation): a bonus is paid once, with the payroll of the month of its
 * `date`; an allowance is a monthly amount from `startDate` to `endDate` (open-ended without one), pro rata in its
 * first and last month. HR records them; Payroll reads them.
 */
export type CompensationItemKind = 'bonus' | 'allowance';

export interface BonusView {
  id: string;
  name: string;
  amount: Money;
  /** The day it is paid with: the payroll of that month. */
  date: IsoDate;
  createdAt: string;
}

export interface AllowanceView {
  id: string;
  name: string;
  /** Per month. */
  monthly: Money;
  startDate: IsoDate;
  endDate: IsoDate | null;
  createdAt: string;
}

export function bonusViewOf(row: CompensationItem): BonusView {
  return {
    id: row.id,
    name: row.name,
    amount: moneyOf(row.amountMinor, row.currency),
    date: fromDbDate(row.startDate),
    createdAt: row.createdAt.toISOString(),
  };
}

export function allowanceViewOf(row: CompensationItem): AllowanceView {
  return {
    id: row.id,
    name: row.name,
    monthly: moneyOf(row.amountMinor, row.currency),
    startDate: fromDbDate(row.startDate),
    endDate: row.endDate ? fromDbDate(row.endDate) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface CompensationItemInput {
  employeeId: string;
  kind: CompensationItemKind;
  name: string;
  amountMinor: number;
  currency: string;
  /** A bonus's payment day; an allowance's first day. */
  startDate: IsoDate;
  /** An allowance's last day. */
  endDate?: IsoDate | undefined;
}

/** Records a bonus or an allowance (HR). Its first day must lie in an open pay period (409 otherwise). */
export async function createCompensationItem(
  prisma: PrismaClient,
  actor: Actor,
  input: CompensationItemInput,
): Promise<BonusView | AllowanceView> {
  requireHrRole(actor, 'record bonuses and allowances');
  if (!(await canSeeEmployee(prisma, actor, input.employeeId))) {
    throw new AppError('not_found', `No person ${input.employeeId}`);
  }
  if (input.kind === 'bonus' && input.endDate !== undefined) {
    throw new AppError('validation_error', 'endDate: a bonus is paid once, on startDate; only allowances end');
  }
  if (input.endDate !== undefined && input.endDate < input.startDate) {
    throw new AppError('validation_error', 'endDate: must not be before startDate');
  }
  const row = await prisma.$transaction(async (tx) => {
    await lockEmployee(tx, actor.tenant.id, input.employeeId);
    await requireOpenPayPeriod(tx, actor.tenant.id, input.startDate, `a ${input.kind}`);
    return tx.compensationItem.create({
      data: {
        tenantId: actor.tenant.id,
        employeeId: input.employeeId,
        kind: input.kind,
        name: input.name,
        amountMinor: BigInt(input.amountMinor),
        currency: input.currency,
        startDate: toDbDate(input.startDate),
        endDate: input.endDate ? toDbDate(input.endDate) : null,
        createdByUserId: actor.user.id,
      },
    });
  });
  return row.kind === 'bonus' ? bonusViewOf(row) : allowanceViewOf(row);
}

/**
 * Ends an allowance on `endDate` (HR), or makes it open-ended again (null). The months it changes must be open: an
 * end inside a closed period, or moving an end that lay in one, answers 409.
 */
export async function endAllowance(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  endDate: IsoDate | null,
): Promise<AllowanceView> {
  requireHrRole(actor, 'change allowances');
  const found = await prisma.compensationItem.findFirst({ where: { id, tenantId: actor.tenant.id } });
  if (!found || !(await canSeeEmployee(prisma, actor, found.employeeId))) {
    throw new AppError('not_found', `No allowance ${id}`);
  }
  if (found.kind !== 'allowance') throw new AppError('conflict', 'This is a bonus: a bonus has no end date');
  if (endDate !== null && endDate < fromDbDate(found.startDate)) {
    throw new AppError(
      'validation_error',
      `endDate: must not be before the allowance's start ${fromDbDate(found.startDate)}`,
    );
  }
  const row = await prisma.$transaction(async (tx) => {
    await lockEmployee(tx, actor.tenant.id, found.employeeId);
    for (const date of [endDate, found.endDate ? fromDbDate(found.endDate) : null]) {
      if (date) await requireOpenPayPeriod(tx, actor.tenant.id, date, "an allowance's end");
    }
    return tx.compensationItem.update({ where: { id }, data: { endDate: endDate ? toDbDate(endDate) : null } });
  });
  return allowanceViewOf(row);
}

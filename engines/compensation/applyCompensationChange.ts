import type { CompensationChangeStatus, Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import { fromDbDate, toDbDate, type IsoDate } from '../leave/dates';
import { lockEmployee } from '../people/employeeLock';
import { periodOf, requireOpenPayPeriod } from '../payroll/periodLock';
import { emitCompensationWebhookEvent } from '../webhooks/emitters';
import { notifyCompensation } from './compensationNotifications';
import type { CompensationChangeRef } from './compensationPort';

/** What the compensationChange workflow reads of its proposal. */
export interface CompensationChangeState {
  status: CompensationChangeStatus;
  employeeName: string;
  effectiveDate: IsoDate;
  /** The tenant's IANA time zone: the effective date begins at its midnight there. */
  timeZone: string;
  approvalId: string | null;
}

export async function compensationChangeState(
  prisma: PrismaClient,
  ref: CompensationChangeRef,
): Promise<CompensationChangeState | null> {
  const change = await prisma.compensationChange.findFirst({ where: { id: ref.changeId, tenantId: ref.tenantId } });
  if (!change) return null;
  const tenant = await prisma.tenant.findUniqueOrThrow({ where: { id: ref.tenantId }, select: { timeZone: true } });
  const employee = await prisma.employee.findUnique({ where: { id: change.employeeId }, select: { name: true } });
  const approval = await prisma.approvalInstance.findUnique({
    where: { requestType_subjectId: { requestType: 'compensation_change', subjectId: change.id } },
    select: { id: true },
  });
  return {
    status: change.status,
    employeeName: employee?.name ?? '',
    effectiveDate: fromDbDate(change.effectiveDate),
    timeZone: tenant.timeZone,
    approvalId: approval?.id ?? null,
  };
}

/** The first day of the month after `date`'s. */
function nextMonthStart(date: IsoDate): IsoDate {
  const { year, month } = periodOf(date);
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/**
 * The day a change takes effect from: its own, or, when its month's pay period was closed while it waited for its
 * approval, the first day of the first open month after (company-api.md, Payroll: changes that touch a closed period
 * go into the next one).
 */
async function firstOpenDay(tx: Prisma.TransactionClient, tenantId: string, date: IsoDate): Promise<IsoDate> {
  let day = date;
  for (let i = 0; i < 60; i += 1) {
    const { year, month } = periodOf(day);
    const period = await tx.payPeriod.findUnique({ where: { tenantId_year_month: { tenantId, year, month } } });
    if (period?.status !== 'CLOSED') return day;
    day = nextMonthStart(day);
  }
  return day;
}

/**
 * Applies an approved change whose effective date has come (`today`, the tenant's): writes the salary history entry
 * and marks the change APPLIED, in one transaction, once (a retried activity finds it APPLIED and does nothing).
 * Answers the change's status after it; null when it no longer exists.
 */
export async function applyCompensationChange(
  prisma: PrismaClient,
  ref: CompensationChangeRef,
  today: IsoDate,
  now: Date,
): Promise<CompensationChangeStatus | null> {
  return prisma.$transaction(async (tx) => {
    const found = await tx.compensationChange.findFirst({ where: { id: ref.changeId, tenantId: ref.tenantId } });
    if (!found) return null;
    await lockEmployee(tx, ref.tenantId, found.employeeId);
    const change = await tx.compensationChange.findUniqueOrThrow({ where: { id: found.id } });
    if (change.status !== 'APPROVED' || fromDbDate(change.effectiveDate) > today) return change.status;
    const effective = await firstOpenDay(tx, ref.tenantId, fromDbDate(change.effectiveDate));
    await requireOpenPayPeriod(tx, ref.tenantId, effective, 'a compensation change');
    const salary = {
      annualMinor: change.annualMinor,
      currency: change.currency,
      payBandId: change.payBandId,
      reason:
        effective === fromDbDate(change.effectiveDate)
          ? change.reason
          : `${change.reason} (from ${effective}: its month was closed)`,
      changeId: change.id,
    };
    // An entry HR recorded on the same day meanwhile gives way to the approved change.
    await tx.salary.upsert({
      where: { employeeId_effectiveDate: { employeeId: change.employeeId, effectiveDate: toDbDate(effective) } },
      create: {
        tenantId: ref.tenantId,
        employeeId: change.employeeId,
        effectiveDate: toDbDate(effective),
        createdByUserId: change.createdByUserId,
        ...salary,
      },
      update: salary,
    });
    const applied = await tx.compensationChange.update({
      where: { id: change.id },
      data: { status: 'APPLIED', appliedAt: now },
    });
    const employee = await tx.employee.findUniqueOrThrow({
      where: { id: change.employeeId },
      select: { userId: true },
    });
    await notifyCompensation(tx, [employee.userId, change.createdByUserId], 'compensation.change_applied', applied);
    await emitCompensationWebhookEvent(tx, 'compensation.change.applied', {
      tenantId: ref.tenantId,
      employeeId: change.employeeId,
      record: { changeId: change.id, effectiveDate: effective, status: 'APPLIED' },
    });
    return applied.status;
  });
}

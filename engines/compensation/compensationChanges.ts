import type { CompensationChangeStatus } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { isHrRole } from '../access/roles';
import { canSeeEmployee } from '../access/visibility';
import { AppError } from '../appError';
import { lockApprovalOf, withdrawApproval } from '../approvalFlows/withdrawApproval';
import { openApproval } from '../approvalFlows/openApproval';
import type { Clock } from '../clock';
import { addDays, fromDbDate, toDbDate, type IsoDate } from '../leave/dates';
import { tenantToday } from '../leave/tenantCalendar';
import { lockEmployee } from '../people/employeeLock';
import { requireOpenPayPeriod } from '../payroll/periodLock';
import { emitCompensationWebhookEvent } from '../webhooks/emitters';
import { formatMoney } from '../../lib/money/money';
import { bandWarnings } from './bandPosition';
import { compensationApprovalSubject } from './compensationApprovalSubject';
import {
  changeViewsOf,
  findVisibleChange,
  visibleChangesFilter,
  type CompensationChangeView,
} from './compensationChangeViews';
import { notifyCompensation } from './compensationNotifications';
import type { CompensationChangeRef } from './compensationPort';
import { bandFor, payBandRef } from './payBands';
import { salaryOn } from './salaries';

/**
 * Compensation change proposals (company-api.md, Compensation): a manager, director or HR proposes a new yearly
 * salary for someone they see, from an effective date; it goes through Approval Flows (request type
 * `compensation_change`) and, once approved, its workflow applies it on that date (applyCompensationChange.ts).
 * A salary outside the pay band warns; it never refuses.
 */

/** How far ahead a change may be dated. */
export const MAX_DAYS_AHEAD = 731;

export interface NewCompensationChange {
  employeeId: string;
  effectiveDate: IsoDate;
  annualMinor: number;
  currency: string;
  payBandId?: string | undefined;
  reason: string;
}

/** Proposes a change; after commit, `start` starts its workflow. */
export async function proposeCompensationChange(
  prisma: PrismaClient,
  actor: Actor,
  input: NewCompensationChange,
  opts: { clock: Clock; start?: (ref: CompensationChangeRef) => Promise<void> },
): Promise<CompensationChangeView> {
  if (actor.user.role === 'EMPLOYEE') {
    throw new AppError(
      'forbidden',
      'Only managers, directors, HR_MANAGER, ADMIN and OWNER propose compensation changes',
    );
  }
  if (!(await canSeeEmployee(prisma, actor, input.employeeId))) {
    throw new AppError('not_found', `No person ${input.employeeId}`);
  }
  if (actor.employee?.id === input.employeeId)
    throw new AppError('forbidden', 'Nobody proposes a change of their own pay');
  const tenantId = actor.tenant.id;
  const { today } = await tenantToday(prisma, tenantId, opts.clock);
  if (input.effectiveDate < today)
    throw new AppError('validation_error', `effectiveDate: must be today (${today}) or later`);
  if (input.effectiveDate > addDays(today, MAX_DAYS_AHEAD)) {
    throw new AppError('validation_error', `effectiveDate: at most ${MAX_DAYS_AHEAD} days ahead`);
  }
  if (input.payBandId) await payBandRef(prisma, tenantId, input.payBandId, 'payBandId');

  const id = await prisma.$transaction(async (tx) => {
    const employee = await lockEmployee(tx, tenantId, input.employeeId);
    await requireOpenPayPeriod(tx, tenantId, input.effectiveDate, 'a compensation change');
    const previous = await salaryOn(tx, tenantId, input.employeeId, input.effectiveDate);
    const annual = BigInt(input.annualMinor);
    const person = await tx.employee.findUniqueOrThrow({ where: { id: input.employeeId }, select: { jobTitle: true } });
    const band = await bandFor(tx, tenantId, person, input.payBandId ?? previous?.payBandId ?? null);
    const warnings: string[] = bandWarnings(annual, input.currency, band);
    if (previous && previous.currency !== input.currency) warnings.push('currency_change');
    const change = await tx.compensationChange.create({
      data: {
        tenantId,
        employeeId: input.employeeId,
        effectiveDate: toDbDate(input.effectiveDate),
        annualMinor: annual,
        currency: input.currency,
        payBandId: input.payBandId ?? band?.id ?? null,
        previousAnnualMinor: previous?.annualMinor ?? null,
        reason: input.reason.trim(),
        status: 'PENDING',
        warnings,
        createdByUserId: actor.user.id,
      },
    });
    // The raise decides "an approval flow by amount"; the summary names no amount (anyone who sees the approval reads it).
    const increase = previous && previous.currency === input.currency ? annual - previous.annualMinor : annual;
    await openApproval(tx, compensationApprovalSubject, {
      tenantId,
      subjectId: change.id,
      subjectEmployeeId: input.employeeId,
      requesterUserId: actor.user.id,
      facts: { amountMinor: Number(increase > 0n ? increase : 0n) },
      summary: `Compensation change for ${employee.name} from ${input.effectiveDate}`,
      at: new Date(),
    });
    await emitCompensationWebhookEvent(tx, 'compensation.change.proposed', {
      tenantId,
      employeeId: input.employeeId,
      record: { changeId: change.id, effectiveDate: input.effectiveDate, status: change.status },
    });
    return change.id;
  });
  await opts.start?.({ tenantId, changeId: id });
  return getCompensationChange(prisma, actor, id);
}

export async function getCompensationChange(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
): Promise<CompensationChangeView> {
  const [view] = await changeViewsOf(prisma, [await findVisibleChange(prisma, actor, id)]);
  return view!;
}

/** The proposals `actor` may read (compensationChangeViews.ts), newest first, a page at a time. */
export async function listCompensationChanges(
  prisma: PrismaClient,
  actor: Actor,
  query: {
    employeeId?: string | undefined;
    status?: CompensationChangeStatus | undefined;
    limit: number;
    after?: string | undefined;
  },
): Promise<{ changes: CompensationChangeView[]; nextCursor: string | null }> {
  const rows = await prisma.compensationChange.findMany({
    where: {
      AND: [
        await visibleChangesFilter(prisma, actor),
        query.employeeId ? { employeeId: query.employeeId } : {},
        query.status ? { status: query.status } : {},
        query.after ? { id: { lt: query.after } } : {},
      ],
    },
    orderBy: { id: 'desc' },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    changes: await changeViewsOf(prisma, page),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}

/**
 * Withdraws a proposal not yet applied: its proposer or HR. Its approval ends (those asked are told), and its
 * workflow, told after commit, ends without applying it.
 */
export async function cancelCompensationChange(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
): Promise<CompensationChangeView> {
  const row = await findVisibleChange(prisma, actor, id);
  if (row.createdByUserId !== actor.user.id && !isHrRole(actor.user.role)) {
    throw new AppError('forbidden', 'Only who proposed a change, or HR, can withdraw it');
  }
  await prisma.$transaction(async (tx) => {
    await lockEmployee(tx, row.tenantId, row.employeeId);
    const current = await tx.compensationChange.findUniqueOrThrow({ where: { id } });
    if (current.status !== 'PENDING' && current.status !== 'APPROVED') {
      throw new AppError('conflict', `This change is already ${current.status}`);
    }
    const approval = await lockApprovalOf(tx, 'compensation_change', id);
    const cancelled = await tx.compensationChange.update({ where: { id }, data: { status: 'CANCELLED' } });
    const asked = await withdrawApproval(tx, approval, new Date());
    await notifyCompensation(tx, asked, 'compensation.change_cancelled', cancelled);
    await emitCompensationWebhookEvent(tx, 'compensation.change.cancelled', {
      tenantId: row.tenantId,
      employeeId: row.employeeId,
      record: { changeId: id, effectiveDate: fromDbDate(row.effectiveDate), status: 'CANCELLED' },
    });
  });
  return getCompensationChange(prisma, actor, id);
}

/** For logs and details: "60000.00 EUR to 66000.00 EUR from 2027-01-01". */
export function describeChange(change: {
  annualMinor: bigint;
  previousAnnualMinor: bigint | null;
  currency: string;
  effectiveDate: Date;
}): string {
  const from = change.previousAnnualMinor === null ? 'none' : formatMoney(change.previousAnnualMinor, change.currency);
  return `${from} to ${formatMoney(change.annualMinor, change.currency)} from ${fromDbDate(change.effectiveDate)}`;
}

import type { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { isHrRole } from '../access/roles';
import { AppError } from '../appError';
import { fromDbDate, todayIn, toDbDate, type IsoDate } from '../leave/dates';
import { requireOpenPayPeriod } from '../payroll/periodLock';
import { MINUTE_MS } from './timeDays';

type Tx = Prisma.TransactionClient;

/** A stretch posted by hand (a past day, a correction) is at most a day long and at most a year back. */
export const MAX_ENTRY_MINUTES = 24 * 60;
export const MAX_DAYS_BACK = 366;

/**
 * Whose time a write is about: the caller's own, or, for HR roles, anyone of the workspace (a clock-in device is a
 * company API key made by HR). 403 for someone else's otherwise; 404 for an employee HR cannot find.
 */
export async function subjectEmployeeId(
  prisma: PrismaClient,
  actor: Actor,
  employeeId: string | undefined,
  what: string,
): Promise<string> {
  const own = actor.employee?.id;
  if (employeeId === undefined || employeeId === own) {
    if (!own) throw new AppError('forbidden', `This user has no employee record: name employeeId to ${what}`);
    return own;
  }
  if (!isHrRole(actor.user.role)) {
    throw new AppError('forbidden', `Only an HR_MANAGER, ADMIN or OWNER may ${what} for someone else`);
  }
  const found = await prisma.employee.findFirst({ where: { id: employeeId, tenantId: actor.tenant.id } });
  if (!found) throw new AppError('not_found', `No employee ${employeeId}`);
  return employeeId;
}

/** 403 unless the record is the actor's own or the actor has an HR role. */
export function requireOwnOrHr(actor: Actor, employeeId: string, what: string): void {
  if (actor.employee?.id !== employeeId && !isHrRole(actor.user.role)) {
    throw new AppError('forbidden', `Only the employee, or an HR_MANAGER, ADMIN or OWNER, may ${what}`);
  }
}

/** The tenant calendar day an instant falls on: the day an entry counts on is the day it began. */
export async function tenantDayOf(db: Tx | PrismaClient, tenantId: string, at: Date): Promise<IsoDate> {
  const { timeZone } = await db.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { timeZone: true } });
  return todayIn(timeZone, at);
}

/** The checks of a stretch posted closed (a past day, a correction): 400 naming the field. */
export function checkClosedStretch(input: { startedAt: Date; endedAt: Date; breakMinutes: number }, now: Date): void {
  if (input.startedAt.getTime() < now.getTime() - MAX_DAYS_BACK * 1440 * MINUTE_MS) {
    throw new AppError('validation_error', `startedAt: at most ${MAX_DAYS_BACK} days back`);
  }
  if (input.endedAt <= input.startedAt) throw new AppError('validation_error', 'endedAt: must be after startedAt');
  if (input.endedAt > now) {
    throw new AppError('validation_error', 'endedAt: must not be in the future (clock in for the time now)');
  }
  const minutes = (input.endedAt.getTime() - input.startedAt.getTime()) / MINUTE_MS;
  if (minutes > MAX_ENTRY_MINUTES) throw new AppError('validation_error', 'endedAt: an entry lasts at most 24 hours');
  if (input.breakMinutes > minutes) {
    throw new AppError('validation_error', 'breakMinutes: must not be longer than the entry');
  }
}

/**
 * 409 when the stretch from `startedAt` to `endedAt` (null: still open) overlaps another entry of the person (an
 * open entry runs on without end). Touching ends do not overlap. Call it under the employee's lock.
 */
export async function requireNoOverlap(
  tx: Tx,
  employeeId: string,
  stretch: { startedAt: Date; endedAt: Date | null },
  exceptEntryId?: string,
): Promise<void> {
  const other = await tx.timeEntry.findFirst({
    where: {
      employeeId,
      ...(exceptEntryId ? { id: { not: exceptEntryId } } : {}),
      ...(stretch.endedAt ? { startedAt: { lt: stretch.endedAt } } : {}),
      OR: [{ endedAt: null }, { endedAt: { gt: stretch.startedAt } }],
    },
    orderBy: { startedAt: 'asc' },
  });
  if (other) {
    const until = other.endedAt ? other.endedAt.toISOString() : 'now (open)';
    throw new AppError(
      'conflict',
      `It overlaps entry ${other.id} (${other.startedAt.toISOString()} to ${until}): entries of a person never overlap`,
    );
  }
}

/**
 * 409 when `date` lies in a week of the person whose timesheet is SUBMITTED or APPROVED (its figures are fixed: a
 * change goes through a correction), or in a CLOSED pay period. Call it under the employee's lock.
 */
export async function requireEditableDay(
  tx: Tx,
  tenantId: string,
  employeeId: string,
  date: IsoDate,
  what: string,
): Promise<void> {
  const sheet = await tx.timesheet.findFirst({
    where: {
      employeeId,
      status: { in: ['SUBMITTED', 'APPROVED'] },
      startDate: { lte: toDbDate(date) },
      endDate: { gte: toDbDate(date) },
    },
  });
  if (sheet) {
    throw new AppError(
      'conflict',
      `The week of ${fromDbDate(sheet.startDate)} is ${sheet.status} (timesheet ${sheet.id}): ${what} on ${date} ` +
        'needs a time correction (POST /api/time-tracking/corrections)',
    );
  }
  await requireOpenPayPeriod(tx, tenantId, date, what);
}

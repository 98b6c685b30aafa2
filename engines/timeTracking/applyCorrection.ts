import type { Prisma, TimeCorrection } from '../../db/models';
import { AppError } from '../appError';
import { fromDbDate, toDbDate } from '../leave/dates';
import { requireOpenPayPeriod } from '../payroll/periodLock';
import { requireNoOverlap, tenantDayOf } from './entryRules';
import { recomputeTimesheetOf } from './timesheets';

type Tx = Prisma.TransactionClient;

/**
 * Applies an approved correction to the entries, in the transaction of its last approval (the employee's lock is
 * held): the entry takes the corrected times, or a missing entry is added (source `correction`). Entries still never
 * overlap and a CLOSED pay period still refuses (409, so the approval is not recorded either); the week lock does
 * not apply, a correction being the way to change a signed-off week, whose timesheet figures follow.
 */
export async function applyCorrection(tx: Tx, correction: TimeCorrection, at: Date): Promise<void> {
  const { tenantId, employeeId } = correction;
  const date = await tenantDayOf(tx, tenantId, correction.startedAt);
  const stretch = { startedAt: correction.startedAt, endedAt: correction.endedAt };
  await requireNoOverlap(tx, employeeId, stretch, correction.entryId ?? undefined);
  await requireOpenPayPeriod(tx, tenantId, date, 'a time correction');
  const times = { ...stretch, breakMinutes: correction.breakMinutes, date: toDbDate(date) };
  if (correction.entryId) {
    const entry = await tx.timeEntry.findUnique({ where: { id: correction.entryId } });
    if (!entry) throw new AppError('conflict', `Entry ${correction.entryId} no longer exists: reject this correction`);
    const oldDate = fromDbDate(entry.date);
    if (oldDate !== date) await requireOpenPayPeriod(tx, tenantId, oldDate, 'a time correction');
    await tx.timeEntry.update({ where: { id: entry.id }, data: times });
    if (oldDate !== date) await recomputeTimesheetOf(tx, tenantId, employeeId, oldDate, at);
  } else {
    await tx.timeEntry.create({
      data: {
        tenantId,
        employeeId,
        ...times,
        source: 'correction',
        note: correction.reason,
        createdByUserId: correction.createdByUserId,
      },
    });
  }
  await recomputeTimesheetOf(tx, tenantId, employeeId, date, at);
}

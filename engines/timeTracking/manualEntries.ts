import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { AppError } from '../appError';
import { fromDbDate, toDbDate } from '../leave/dates';
import { lockEmployee } from '../people/employeeLock';
import {
  checkClosedStretch,
  requireEditableDay,
  requireNoOverlap,
  requireOwnOrHr,
  subjectEmployeeId,
  tenantDayOf,
} from './entryRules';
import { entryViewsOf, findVisibleEntry, type TimeEntryView } from './timeEntryViews';
import type { ClockAnswer } from './liveClock';
import { warningsOfDay } from './timesheetFigures';
import { timeTrackingPolicyOf } from './timePolicy';

/**
 * Past days posted closed (company API, Time Tracking): a person forgot to clock, or works where there is no
 * device. The same rules as the live clock (no overlap), plus: ended before now, at most 24 hours, not in a week
 * whose timesheet is submitted or approved (a correction then), not in a closed pay period. The person's own, or
 * anyone's as HR.
 */

export interface NewTimeEntry {
  employeeId?: string | undefined;
  startedAt: Date;
  endedAt: Date;
  breakMinutes?: number | undefined;
  note?: string | undefined;
}

async function answerOf(prisma: PrismaClient, tenantId: string, id: string, now: Date): Promise<ClockAnswer> {
  const row = await prisma.timeEntry.findUniqueOrThrow({ where: { id } });
  const [entry] = await entryViewsOf(prisma, [row], now);
  const policy = await timeTrackingPolicyOf(prisma, tenantId);
  const date = fromDbDate(row.date);
  return {
    entry: entry!,
    warnings: await warningsOfDay(prisma, { tenantId, employeeId: row.employeeId, date, policy, now }),
  };
}

/** Posts a closed entry of a past stretch of work (source `manual`). */
export async function createTimeEntry(
  prisma: PrismaClient,
  actor: Actor,
  input: NewTimeEntry,
  now: Date,
): Promise<ClockAnswer> {
  const tenantId = actor.tenant.id;
  const employeeId = await subjectEmployeeId(prisma, actor, input.employeeId, 'post time');
  const breakMinutes = input.breakMinutes ?? 0;
  checkClosedStretch({ ...input, breakMinutes }, now);
  const date = await tenantDayOf(prisma, tenantId, input.startedAt);
  const created = await prisma.$transaction(async (tx) => {
    await lockEmployee(tx, tenantId, employeeId);
    await requireNoOverlap(tx, employeeId, input);
    await requireEditableDay(tx, tenantId, employeeId, date, 'an entry');
    return tx.timeEntry.create({
      data: {
        tenantId,
        employeeId,
        startedAt: input.startedAt,
        endedAt: input.endedAt,
        date: toDbDate(date),
        breakMinutes,
        source: 'manual',
        note: input.note?.trim() || null,
        createdByUserId: actor.user.id,
      },
    });
  });
  return answerOf(prisma, tenantId, created.id, now);
}

export interface TimeEntryChange {
  startedAt?: Date | undefined;
  endedAt?: Date | undefined;
  breakMinutes?: number | undefined;
  /** null clears it. */
  note?: string | null | undefined;
}

/**
 * Changes a closed entry (times, breaks, note) under the rules of a new one, on its old day and its new one; of an
 * open entry only the note (clock out first).
 */
export async function updateTimeEntry(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  change: TimeEntryChange,
  now: Date,
): Promise<ClockAnswer> {
  const tenantId = actor.tenant.id;
  const { row } = await findVisibleEntry(prisma, actor, id, now);
  requireOwnOrHr(actor, row.employeeId, 'change an entry');
  const times = change.startedAt !== undefined || change.endedAt !== undefined || change.breakMinutes !== undefined;
  if (!times && change.note === undefined) {
    throw new AppError('validation_error', 'body: name at least one of startedAt, endedAt, breakMinutes, note');
  }
  await prisma.$transaction(async (tx) => {
    await lockEmployee(tx, tenantId, row.employeeId);
    const current = await tx.timeEntry.findUnique({ where: { id } });
    if (!current) throw new AppError('not_found', `No time entry ${id}`);
    const oldDate = fromDbDate(current.date);
    await requireEditableDay(tx, tenantId, current.employeeId, oldDate, 'a change of an entry');
    const note = change.note === undefined ? current.note : change.note?.trim() || null;
    if (!times) {
      await tx.timeEntry.update({ where: { id }, data: { note } });
      return;
    }
    if (!current.endedAt) throw new AppError('conflict', 'This entry is open: clock out before changing its times');
    const next = {
      startedAt: change.startedAt ?? current.startedAt,
      endedAt: change.endedAt ?? current.endedAt,
      breakMinutes: change.breakMinutes ?? current.breakMinutes,
    };
    checkClosedStretch(next, now);
    const date = await tenantDayOf(tx, tenantId, next.startedAt);
    if (date !== oldDate) await requireEditableDay(tx, tenantId, current.employeeId, date, 'a change of an entry');
    await requireNoOverlap(tx, current.employeeId, next, id);
    await tx.timeEntry.update({ where: { id }, data: { ...next, date: toDbDate(date), note } });
  });
  return answerOf(prisma, tenantId, id, now);
}

/**
 * Deletes an entry (a mistaken clock-in too) on an editable day; 409 while a correction of it waits for approval.
 * Answers the entry as it was; an open entry's watch is told by the caller.
 */
export async function deleteTimeEntry(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  now: Date,
): Promise<TimeEntryView> {
  const tenantId = actor.tenant.id;
  const { row, view } = await findVisibleEntry(prisma, actor, id, now);
  requireOwnOrHr(actor, row.employeeId, 'delete an entry');
  await prisma.$transaction(async (tx) => {
    await lockEmployee(tx, tenantId, row.employeeId);
    const current = await tx.timeEntry.findUnique({ where: { id } });
    if (!current) throw new AppError('not_found', `No time entry ${id}`);
    await requireEditableDay(tx, tenantId, current.employeeId, fromDbDate(current.date), 'deleting an entry');
    const pending = await tx.timeCorrection.findFirst({ where: { entryId: id, status: 'PENDING' } });
    if (pending) {
      throw new AppError('conflict', `Correction ${pending.id} of this entry is PENDING: cancel it before deleting`);
    }
    await tx.timeBreak.deleteMany({ where: { entryId: id } });
    await tx.timeEntry.delete({ where: { id } });
  });
  return view;
}

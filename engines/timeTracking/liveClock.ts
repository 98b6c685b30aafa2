import type { PrismaClient } from '../../db/prismaClient';
import type { Prisma, TimeEntry } from '../../db/models';
import type { Actor } from '../access/actor';
import { AppError } from '../appError';
import { lockEmployee } from '../people/employeeLock';
import { requireEditableDay, requireNoOverlap, subjectEmployeeId, tenantDayOf } from './entryRules';
import { minutesBetween, type WeekWarning } from './timeDays';
import { entryViewsOf, type TimeEntryView } from './timeEntryViews';
import { warningsOfDay } from './timesheetFigures';
import { timeTrackingPolicyOf } from './timePolicy';
import { fromDbDate, toDbDate } from '../leave/dates';

/**
 * The live clock (company API, Time Tracking): people and clock-in devices clock in and out and take breaks at the
 * calendar clock's now. One open entry per person, never overlapping another; a break only inside the open entry,
 * one at a time; clocking out ends a break still open. Each answers the entry and the warnings of its day and week.
 */

type Tx = Prisma.TransactionClient;

export interface ClockInput {
  employeeId?: string | undefined;
  note?: string | undefined;
}

export interface ClockAnswer {
  entry: TimeEntryView;
  warnings: WeekWarning[];
}

const MAX_NOTE = 2000;

/** A later note joins the entry's earlier one: a clock-out's "left early, doctor" keeps the clock-in's note. */
function joinedNote(before: string | null, added: string | undefined): string | null {
  const text = added?.trim();
  if (!text) return before;
  return (before ? `${before} · ${text}` : text).slice(0, MAX_NOTE);
}

async function openEntryOf(tx: Tx, employeeId: string): Promise<TimeEntry | null> {
  return tx.timeEntry.findFirst({ where: { employeeId, endedAt: null } });
}

async function answer(prisma: PrismaClient, tenantId: string, entry: TimeEntry, now: Date): Promise<ClockAnswer> {
  const [view] = await entryViewsOf(prisma, [entry], now);
  const policy = await timeTrackingPolicyOf(prisma, tenantId);
  const warnings = await warningsOfDay(prisma, {
    tenantId,
    employeeId: entry.employeeId,
    date: fromDbDate(entry.date),
    policy,
    now,
  });
  return { entry: view!, warnings };
}

/** Clocks the person in now: 409 while an entry of theirs is open, or when now lies in a locked day. */
export async function clockIn(prisma: PrismaClient, actor: Actor, input: ClockInput, now: Date): Promise<ClockAnswer> {
  const tenantId = actor.tenant.id;
  const employeeId = await subjectEmployeeId(prisma, actor, input.employeeId, 'clock in');
  const date = await tenantDayOf(prisma, tenantId, now);
  const entry = await prisma.$transaction(async (tx) => {
    await lockEmployee(tx, tenantId, employeeId);
    const open = await openEntryOf(tx, employeeId);
    if (open) {
      throw new AppError(
        'conflict',
        `Already clocked in: entry ${open.id} is open since ${open.startedAt.toISOString()}; clock out first`,
      );
    }
    await requireNoOverlap(tx, employeeId, { startedAt: now, endedAt: null });
    await requireEditableDay(tx, tenantId, employeeId, date, 'a clock-in');
    return tx.timeEntry.create({
      data: {
        tenantId,
        employeeId,
        startedAt: now,
        date: toDbDate(date),
        source: 'clock',
        note: joinedNote(null, input.note),
        createdByUserId: actor.user.id,
      },
    });
  });
  return answer(prisma, tenantId, entry, now);
}

/** Clocks the person out now, ending a break still open: 409 when they are not clocked in. */
export async function clockOut(prisma: PrismaClient, actor: Actor, input: ClockInput, now: Date): Promise<ClockAnswer> {
  const tenantId = actor.tenant.id;
  const employeeId = await subjectEmployeeId(prisma, actor, input.employeeId, 'clock out');
  const entry = await prisma.$transaction(async (tx) => {
    await lockEmployee(tx, tenantId, employeeId);
    const open = await openEntryOf(tx, employeeId);
    if (!open) throw new AppError('conflict', 'Not clocked in: there is no open entry to clock out of');
    await requireEditableDay(tx, tenantId, employeeId, fromDbDate(open.date), 'a clock-out');
    const onBreak = await tx.timeBreak.findFirst({ where: { entryId: open.id, endedAt: null } });
    let breakMinutes = open.breakMinutes;
    if (onBreak) {
      await tx.timeBreak.update({ where: { id: onBreak.id }, data: { endedAt: now } });
      breakMinutes += minutesBetween(onBreak.startedAt, now);
    }
    // A clock-out after the forgotten clock-out flag closes the entry as any other: the flag stays, as history.
    return tx.timeEntry.update({
      where: { id: open.id },
      data: {
        endedAt: now < open.startedAt ? open.startedAt : now,
        breakMinutes,
        note: joinedNote(open.note, input.note),
      },
    });
  });
  return answer(prisma, tenantId, entry, now);
}

/** Starts a break in the open entry: 409 when not clocked in, or already on a break. */
export async function startBreak(
  prisma: PrismaClient,
  actor: Actor,
  input: ClockInput,
  now: Date,
): Promise<ClockAnswer> {
  const tenantId = actor.tenant.id;
  const employeeId = await subjectEmployeeId(prisma, actor, input.employeeId, 'start a break');
  const entry = await prisma.$transaction(async (tx) => {
    await lockEmployee(tx, tenantId, employeeId);
    const open = await openEntryOf(tx, employeeId);
    if (!open) throw new AppError('conflict', 'Not clocked in: a break is taken inside an open entry');
    const onBreak = await tx.timeBreak.findFirst({ where: { entryId: open.id, endedAt: null } });
    if (onBreak) throw new AppError('conflict', `Already on a break since ${onBreak.startedAt.toISOString()}`);
    await tx.timeBreak.create({
      data: { tenantId, entryId: open.id, startedAt: now < open.startedAt ? open.startedAt : now },
    });
    return tx.timeEntry.update({ where: { id: open.id }, data: { note: joinedNote(open.note, input.note) } });
  });
  return answer(prisma, tenantId, entry, now);
}

/** Ends the break under way; its minutes join the entry's break minutes. 409 when not on a break. */
export async function endBreak(prisma: PrismaClient, actor: Actor, input: ClockInput, now: Date): Promise<ClockAnswer> {
  const tenantId = actor.tenant.id;
  const employeeId = await subjectEmployeeId(prisma, actor, input.employeeId, 'end a break');
  const entry = await prisma.$transaction(async (tx) => {
    await lockEmployee(tx, tenantId, employeeId);
    const open = await openEntryOf(tx, employeeId);
    if (!open) throw new AppError('conflict', 'Not clocked in: there is no break to end');
    const onBreak = await tx.timeBreak.findFirst({ where: { entryId: open.id, endedAt: null } });
    if (!onBreak) throw new AppError('conflict', 'Not on a break: start one first');
    await tx.timeBreak.update({ where: { id: onBreak.id }, data: { endedAt: now } });
    return tx.timeEntry.update({
      where: { id: open.id },
      data: {
        breakMinutes: open.breakMinutes + minutesBetween(onBreak.startedAt, now),
        note: joinedNote(open.note, input.note),
      },
    });
  });
  return answer(prisma, tenantId, entry, now);
}

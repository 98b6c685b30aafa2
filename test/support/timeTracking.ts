import type { PrismaClient } from '../../db/prismaClient';
import { addDays, dayOfWeek, fromDbDate, type IsoDate } from '../../engines/leave/dates';
import { authenticate } from '../../engines/tokens/authenticate';
import { createTimeEntry } from '../../engines/timeTracking/manualEntries';
import { submitTimesheet } from '../../engines/timeTracking/timesheets';
import { createTimeCorrection } from '../../engines/timeTracking/timeCorrections';
import { demoPeople } from '../../prisma/seed';
import { testClock } from './clock';
import { tokenFor, type DemoKey } from './identity';
import { todayOf } from './leave';

/**
 * What the Time Tracking tests and the authorization matrices' samples share: instants on a tenant day, past weeks
 * free of holidays and leave, and records of a demo person made through the engine (a closed entry, a submitted
 * timesheet, a pending correction), each on a slot of its own so that none overlaps another.
 */

/** `2026-11-18T08:30:00.000Z`: Acme's day is Europe/Berlin, so 00:00 to 21:59 UTC stays on the same date. */
export const at = (date: IsoDate, hhmm: string) => new Date(`${date}T${hhmm}:00.000Z`);

export async function employeeIdOf(prisma: PrismaClient, who: DemoKey): Promise<string> {
  return (await prisma.employee.findFirstOrThrow({ where: { email: demoPeople[who].email } })).id;
}

export async function actorOf(prisma: PrismaClient, who: DemoKey) {
  return authenticate(prisma, await tokenFor(prisma, who, ['time-tracking:write'], { name: 'time-tracking' }));
}

/**
 * The Monday of a week at least `weeksBack` weeks before this one whose Monday to Friday holds no public holiday of
 * the person's tenant and no leave of theirs (of any status), so its target is five full days whatever day the tests
 * run on. `taken` weeks (already used by the caller) are skipped.
 */
export async function cleanPastWeek(
  prisma: PrismaClient,
  who: DemoKey,
  weeksBack: number,
  taken: readonly IsoDate[] = [],
): Promise<IsoDate> {
  const employee = await prisma.employee.findFirstOrThrow({ where: { email: demoPeople[who].email } });
  const holidays = new Set(
    (await prisma.publicHoliday.findMany({ where: { tenantId: employee.tenantId } })).map((h) => fromDbDate(h.date)),
  );
  const leave = await prisma.leaveRequest.findMany({ where: { employeeId: employee.id } });
  const today = await todayOf(prisma, who);
  let monday = addDays(today, -7 * weeksBack);
  while (dayOfWeek(monday) !== 1) monday = addDays(monday, -1);
  for (;;) {
    const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
    const onLeave = (d: IsoDate) => leave.some((l) => fromDbDate(l.startDate) <= d && d <= fromDbDate(l.endDate));
    if (!taken.includes(monday) && days.every((d) => !holidays.has(d) && !onLeave(d))) return monday;
    monday = addDays(monday, -7);
  }
}

/**
 * A half-hour slot of a past day no other caller in this process used: 20 a day on the days from two to about 150
 * days back, so entries and corrections of the samples never overlap and stay clear of `sampleTimesheetWeek`.
 */
let slot = 0;
export async function freshSlot(prisma: PrismaClient): Promise<{ startedAt: Date; endedAt: Date }> {
  const today = await todayOf(prisma, 'alice');
  const n = slot++;
  const date = addDays(today, -2 - Math.floor(n / 20));
  const hour = String(n % 20).padStart(2, '0');
  return { startedAt: at(date, `${hour}:00`), endedAt: at(date, `${hour}:30`) };
}

/** A closed entry of `who` on a fresh slot, posted through the engine as `who`; answers its id. */
export async function timeEntryOf(prisma: PrismaClient, who: DemoKey): Promise<string> {
  const actor = await actorOf(prisma, who);
  const { entry } = await createTimeEntry(prisma, actor, await freshSlot(prisma), testClock().now());
  return entry.id;
}

/** A PENDING correction (a missing entry on a fresh slot) of `who`, made through the engine; answers its id. */
export async function pendingCorrectionOf(prisma: PrismaClient, who: DemoKey): Promise<string> {
  const actor = await actorOf(prisma, who);
  const slotTimes = await freshSlot(prisma);
  const correction = await createTimeCorrection(
    prisma,
    actor,
    { ...slotTimes, breakMinutes: 0, reason: 'forgot to clock' },
    { now: testClock().now() },
  );
  return correction.id;
}

/**
 * The week the matrices' samples submit: about 44 weeks back, clear of the entry slots. `who`'s earlier sign-off of
 * it is withdrawn first (in the database), so that each sample can submit it again.
 */
export async function sampleTimesheetWeek(prisma: PrismaClient, who: DemoKey): Promise<IsoDate> {
  const today = await todayOf(prisma, 'alice');
  let monday = addDays(today, -44 * 7);
  while (dayOfWeek(monday) !== 1) monday = addDays(monday, -1);
  await prisma.timesheet.updateMany({
    where: { employeeId: await employeeIdOf(prisma, who), startDate: new Date(`${monday}T00:00:00Z`) },
    data: { status: 'CANCELLED' },
  });
  return monday;
}

/** A SUBMITTED timesheet of `who` (the sample week, submitted anew through the engine); answers its id. */
export async function submittedTimesheetOf(prisma: PrismaClient, who: DemoKey): Promise<string> {
  const weekStart = await sampleTimesheetWeek(prisma, who);
  const sheet = await submitTimesheet(prisma, await actorOf(prisma, who), { weekStart }, { clock: testClock() });
  return sheet.id;
}

/**
 * Leaves `who` clocked out (no open entry: a clock-in may follow), or clocked in since a minute ago, optionally on
 * a break: what the live clock samples need before each call. Written in the database, as a device would have left it.
 */
export async function clockStateOf(
  prisma: PrismaClient,
  who: DemoKey,
  state: 'out' | 'in' | 'on break',
): Promise<void> {
  const employee = await prisma.employee.findFirstOrThrow({ where: { email: demoPeople[who].email } });
  const open = await prisma.timeEntry.findMany({ where: { employeeId: employee.id, endedAt: null } });
  await prisma.timeBreak.deleteMany({ where: { entryId: { in: open.map((e) => e.id) } } });
  await prisma.timeEntry.deleteMany({ where: { id: { in: open.map((e) => e.id) } } });
  if (state === 'out') return;
  const now = testClock().now();
  const startedAt = new Date(now.getTime() - 60_000);
  const entry = await prisma.timeEntry.create({
    data: {
      tenantId: employee.tenantId,
      employeeId: employee.id,
      startedAt,
      date: new Date(`${await todayOf(prisma, who)}T00:00:00Z`),
      source: 'clock',
      createdByUserId: employee.userId!,
    },
  });
  if (state === 'on break') {
    await prisma.timeBreak.create({ data: { tenantId: employee.tenantId, entryId: entry.id, startedAt: now } });
  }
}

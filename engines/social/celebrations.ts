import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { visibleEmployeesFilter } from '../access/visibility';
import { AppError } from '../appError';
import type { Clock } from '../clock';
import { tenantToday } from '../leave/tenantCalendar';
import { addDays, daysBetween, fromUtcDate, type IsoDate } from '../../lib/calendar/isoDate';
import { monthDayOf, occurrencesIn } from './celebrationDates';

/**
 * Celebrations (company-api.md, Social), computed from People, never stored: birthdays of the people who allowed
 * it (`showBirthday`; the date of birth is a sensitive field, so only the month and day are used and the answer
 * carries neither the year of birth nor an age) and work anniversaries (whole years since the hire date), within
 * a range of at most 92 days, of the people the caller's role shows them (engines/access/visibility.ts).
 */

/** The longest range asked at once: a quarter. */
export const MAX_CELEBRATION_DAYS = 92;
/** The range when none is given: today and the next 30 days of the tenant's calendar. */
const DEFAULT_DAYS = 30;

export interface CelebrationView {
  type: 'birthday' | 'work_anniversary';
  /** The day of the celebration within the range (this year's, not the year of birth). */
  date: IsoDate;
  employeeId: string;
  name: string;
  /** Completed years of service; only for a work anniversary. */
  years: number | null;
}

export async function listCelebrations(
  prisma: PrismaClient,
  actor: Actor,
  query: {
    from?: IsoDate | undefined;
    to?: IsoDate | undefined;
    type?: CelebrationView['type'] | undefined;
    limit: number;
    /** How many of the range's celebrations earlier pages answered. */
    offset: number;
  },
  clock: Clock,
): Promise<{ from: IsoDate; to: IsoDate; celebrations: CelebrationView[]; nextCursor: string | null }> {
  const from = query.from ?? (await tenantToday(prisma, actor.tenant.id, clock)).today;
  const to = query.to ?? addDays(from, DEFAULT_DAYS);
  if (to < from) throw new AppError('validation_error', `to: must be on or after from (${from})`);
  if (daysBetween(from, to) + 1 > MAX_CELEBRATION_DAYS) {
    throw new AppError('validation_error', `to: a range covers at most ${MAX_CELEBRATION_DAYS} days`);
  }
  const people = await prisma.employee.findMany({
    where: await visibleEmployeesFilter(prisma, actor),
    select: { id: true, name: true, hireDate: true, terminationDate: true, dateOfBirth: true, showBirthday: true },
  });
  const out: CelebrationView[] = [];
  for (const p of people) {
    // Nobody is celebrated after their last day.
    const employed = (date: IsoDate) => !p.terminationDate || date <= fromUtcDate(p.terminationDate);
    if (query.type !== 'work_anniversary' && p.showBirthday && p.dateOfBirth) {
      for (const o of occurrencesIn(monthDayOf(p.dateOfBirth), from, to)) {
        if (employed(o.date)) out.push({ type: 'birthday', date: o.date, employeeId: p.id, name: p.name, years: null });
      }
    }
    if (query.type !== 'birthday') {
      const hired = fromUtcDate(p.hireDate);
      for (const o of occurrencesIn(monthDayOf(p.hireDate), from, to)) {
        const years = o.year - Number(hired.slice(0, 4));
        if (years >= 1 && employed(o.date)) {
          out.push({ type: 'work_anniversary', date: o.date, employeeId: p.id, name: p.name, years });
        }
      }
    }
  }
  out.sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name) || a.type.localeCompare(b.type));
  const end = query.offset + query.limit;
  return { from, to, celebrations: out.slice(query.offset, end), nextCursor: out.length > end ? String(end) : null };
}

/** The person's own consent to show their birthday (month and day) among celebrations. */
export async function setBirthdayConsent(
  prisma: PrismaClient,
  actor: Actor,
  showBirthday: boolean,
): Promise<{ employeeId: string; showBirthday: boolean }> {
  if (!actor.employee) throw new AppError('not_found', 'You have no employee record whose birthday could be shown');
  const row = await prisma.employee.update({ where: { id: actor.employee.id }, data: { showBirthday } });
  return { employeeId: row.id, showBirthday: row.showBirthday };
}

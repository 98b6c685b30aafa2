import type { Prisma } from '../../db/models';
import type { Db } from '../../db/handle';
import type { Clock } from '../clock';
import { fromDbDate, toDbDate, type IsoDate } from '../leave/dates';
import { tenantToday } from '../leave/tenantCalendar';

/**
 * Whom a policy's version asks for acknowledgement: the employees of the workspace today (or of the version's
 * departments), computed when asked, never a snapshot taken at publishing. Someone hired after the version was
 * published is asked too; someone whose last day has passed is not (a leaver, on their last day, still is).
 */
export async function inScopeFilter(
  db: Db,
  tenantId: string,
  version: { departmentIds: string[] },
  clock: Clock,
): Promise<Prisma.EmployeeWhereInput> {
  const { today } = await tenantToday(db, tenantId, clock);
  return {
    tenantId,
    OR: [{ terminationDate: null }, { terminationDate: { gte: toDbDate(today) } }],
    ...(version.departmentIds.length > 0 ? { departmentId: { in: version.departmentIds } } : {}),
  };
}

/** The facts of a person that decide whether a version asks them, read once for any number of versions. */
export interface ScopePerson {
  departmentId: string | null;
  terminationDate: Date | null;
  /** Today in the workspace's calendar. */
  today: IsoDate;
}

/** Reads `employeeId`'s facts for `asks`; null when the workspace has no such person. */
export async function scopePersonOf(
  db: Db,
  tenantId: string,
  employeeId: string,
  clock: Clock,
): Promise<ScopePerson | null> {
  const person = await db.employee.findFirst({
    where: { id: employeeId, tenantId },
    select: { departmentId: true, terminationDate: true },
  });
  if (!person) return null;
  return { ...person, today: (await tenantToday(db, tenantId, clock)).today };
}

/** Does `version` ask `person` today? The same rule as `inScopeFilter`, for one person in memory. */
export function asks(version: { departmentIds: string[] }, person: ScopePerson): boolean {
  if (person.terminationDate && fromDbDate(person.terminationDate) < person.today) return false;
  return version.departmentIds.length === 0 || version.departmentIds.includes(person.departmentId ?? '');
}

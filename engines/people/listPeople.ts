import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { visibleEmployeesFilter } from '../access/visibility';
import type { Clock } from '../clock';
import { tenantToday } from '../leave/tenantCalendar';
import { fromUtcDate } from '../../lib/calendar/isoDate';
import { statusOf, type PersonStatus } from './personView';

export interface PersonListItem {
  id: string;
  employeeId: number;
  name: string;
  email: string;
  jobTitle: string;
  department: string | null;
  manager: string | null;
  status: PersonStatus;
}

/**
 * The employees `actor` may see, ordered by employee number, a page at a time: `after` is the last employee
 * number of the previous page, so pages stay stable while people are added.
 */
export async function listPeople(
  prisma: PrismaClient,
  actor: Actor,
  clock: Clock,
  page: { limit: number; after?: number | undefined },
): Promise<{ people: PersonListItem[]; nextCursor: string | null }> {
  const [filter, { today }] = await Promise.all([
    visibleEmployeesFilter(prisma, actor),
    tenantToday(prisma, actor.tenant.id, clock),
  ]);
  const rows = await prisma.employee.findMany({
    where: { AND: [filter, page.after !== undefined ? { employeeNumber: { gt: page.after } } : {}] },
    orderBy: { employeeNumber: 'asc' },
    take: page.limit + 1,
    include: { department: { select: { name: true } }, manager: { select: { name: true } } },
  });
  const people = rows.slice(0, page.limit).map((e) => ({
    id: e.id,
    employeeId: e.employeeNumber,
    name: e.name,
    email: e.email,
    jobTitle: e.jobTitle,
    department: e.department?.name ?? null,
    manager: e.manager?.name ?? null,
    status: statusOf(e.terminationDate ? fromUtcDate(e.terminationDate) : null, today),
  }));
  const last = people[people.length - 1];
  return { people, nextCursor: rows.length > page.limit && last ? String(last.employeeId) : null };
}

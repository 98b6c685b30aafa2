import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { fromUtcDate, toUtcDate } from '../../lib/calendar/isoDate';

/** The workspace's public holidays of one year, in date order: the days the leave engine does not count. */
export async function publicHolidays(
  prisma: PrismaClient,
  actor: Actor,
  year: number,
): Promise<Array<{ date: string; name: string }>> {
  const rows = await prisma.publicHoliday.findMany({
    where: { tenantId: actor.tenant.id, date: { gte: toUtcDate(`${year}-01-01`), lte: toUtcDate(`${year}-12-31`) } },
    orderBy: { date: 'asc' },
  });
  return rows.map((r) => ({ date: fromUtcDate(r.date), name: r.name }));
}

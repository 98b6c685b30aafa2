import type { LeaveDb } from './db';
import { todayIn, type IsoDate } from './dates';

/** Today in the tenant's calendar (its IANA time zone), and the zone itself. */
export async function tenantToday(
  db: LeaveDb,
  tenantId: string,
  now: Date = new Date(),
): Promise<{ today: IsoDate; timeZone: string }> {
  const { timeZone } = await db.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { timeZone: true } });
  return { today: todayIn(timeZone, now), timeZone };
}

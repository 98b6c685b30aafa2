import type { Clock } from '../clock';
import type { LeaveDb } from './db';
import { todayIn, type IsoDate } from './dates';

/** Today in the tenant's calendar (its IANA time zone) on the calendar clock, and the zone itself. */
export async function tenantToday(
  db: LeaveDb,
  tenantId: string,
  clock: Clock,
): Promise<{ today: IsoDate; timeZone: string }> {
  const { timeZone } = await db.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { timeZone: true } });
  return { today: todayIn(timeZone, clock.now()), timeZone };
}

import type { Clock } from '../clock';
import { todayIn, type IsoDate } from './dates';
import type { Db } from '../../db/handle';

/** Today in the tenant's calendar (its IANA time zone) on the calendar clock, and the zone itself. */
export async function tenantToday(
  db: Db,
  tenantId: string,
  clock: Clock,
): Promise<{ today: IsoDate; timeZone: string }> {
  const { timeZone } = await db.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { timeZone: true } });
  return { today: todayIn(timeZone, clock.now()), timeZone };
}

import type { Db } from '../../db/handle';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { requireHrRole } from '../access/requireHrRole';
import { FALLBACK_CURRENCY } from './payCurrency';

/** A tenant's compensation settings; the defaults when it set none. */
export interface CompensationSettingsView {
  defaultCurrency: string;
  managersSeeTeamCompensation: boolean;
  configured: boolean;
}

export async function compensationSettingsOf(db: Db, tenantId: string): Promise<CompensationSettingsView> {
  const row = await db.compensationSettings.findUnique({ where: { tenantId } });
  if (!row) return { defaultCurrency: FALLBACK_CURRENCY, managersSeeTeamCompensation: false, configured: false };
  return {
    defaultCurrency: row.defaultCurrency,
    managersSeeTeamCompensation: row.managersSeeTeamCompensation,
    configured: true,
  };
}

/** Sets the settings (HR): the default currency and whether managers read their team's compensation. */
export async function setCompensationSettings(
  prisma: PrismaClient,
  actor: Actor,
  input: { defaultCurrency: string; managersSeeTeamCompensation: boolean },
): Promise<CompensationSettingsView> {
  requireHrRole(actor, 'change the compensation settings');
  await prisma.compensationSettings.upsert({
    where: { tenantId: actor.tenant.id },
    create: { tenantId: actor.tenant.id, ...input },
    update: input,
  });
  return compensationSettingsOf(prisma, actor.tenant.id);
}

import type { Db } from '../../db/handle';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { requireHrRole } from '../access/requireHrRole';

/** A tenant's Work From Anywhere policy; the default when it configured none. */
export interface WfaPolicyView {
  daysPerYear: number;
  /** ISO 3166-1 alpha-2; empty: every country. */
  allowedCountries: string[];
  configured: boolean;
}

export const defaultWfaPolicy = { daysPerYear: 30, allowedCountries: [] as string[] };

export async function wfaPolicyOf(db: Db, tenantId: string): Promise<WfaPolicyView> {
  const row = await db.workFromAnywherePolicy.findUnique({ where: { tenantId } });
  if (!row) return { ...defaultWfaPolicy, allowedCountries: [], configured: false };
  return { daysPerYear: row.daysPerYear, allowedCountries: row.allowedCountries, configured: true };
}

/** Sets the policy (HR). New requests are measured against it; requests already made keep their routing. */
export async function setWfaPolicy(
  prisma: PrismaClient,
  actor: Actor,
  input: { daysPerYear: number; allowedCountries: string[] },
): Promise<WfaPolicyView> {
  requireHrRole(actor, 'change the Work From Anywhere policy');
  const allowedCountries = [...new Set(input.allowedCountries)].sort();
  await prisma.workFromAnywherePolicy.upsert({
    where: { tenantId: actor.tenant.id },
    create: { tenantId: actor.tenant.id, daysPerYear: input.daysPerYear, allowedCountries },
    update: { daysPerYear: input.daysPerYear, allowedCountries },
  });
  return wfaPolicyOf(prisma, actor.tenant.id);
}

import type { PayBand } from '../../db/models';
import type { Db } from '../../db/handle';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { requireHrRole } from '../access/requireHrRole';
import { AppError } from '../appError';
import { moneyOf, type Money } from '../../lib/money/money';

/** A pay band as the API answers it. Bands are not sensitive: they describe jobs, not people. */
export interface PayBandView {
  id: string;
  name: string;
  jobTitle: string | null;
  min: Money;
  max: Money;
  createdAt: string;
  updatedAt: string;
}

export function payBandViewOf(band: PayBand): PayBandView {
  return {
    id: band.id,
    name: band.name,
    jobTitle: band.jobTitle,
    min: moneyOf(band.minMinor, band.currency),
    max: moneyOf(band.maxMinor, band.currency),
    createdAt: band.createdAt.toISOString(),
    updatedAt: band.updatedAt.toISOString(),
  };
}

export async function listPayBands(prisma: PrismaClient, actor: Actor): Promise<PayBandView[]> {
  const rows = await prisma.payBand.findMany({ where: { tenantId: actor.tenant.id }, orderBy: { name: 'asc' } });
  return rows.map(payBandViewOf);
}

/** A band of the tenant by id; 400 naming `field` when there is none (it is a reference in a body). */
export async function payBandRef(db: Db, tenantId: string, id: string, field: string): Promise<PayBand> {
  const band = await db.payBand.findFirst({ where: { id, tenantId } });
  if (!band) throw new AppError('validation_error', `${field}: no pay band ${id} in this workspace`);
  return band;
}

/** The band that applies to a person: the one given, else the one for their job title, else none. */
export async function bandFor(
  db: Db,
  tenantId: string,
  employee: { jobTitle: string },
  payBandId: string | null,
): Promise<PayBand | null> {
  if (payBandId) return db.payBand.findFirst({ where: { id: payBandId, tenantId } });
  return db.payBand.findFirst({ where: { tenantId, jobTitle: employee.jobTitle }, orderBy: { name: 'asc' } });
}

export interface PayBandInput {
  name: string;
  jobTitle?: string | null | undefined;
  currency: string;
  minMinor: number;
  maxMinor: number;
}

function checkRange(min: number, max: number): void {
  if (max < min) throw new AppError('validation_error', 'maxMinor: must not be below minMinor');
}

/** Creates a band (HR). A name taken answers 409 (the database's unique rule, engines/databaseErrors.ts). */
export async function createPayBand(prisma: PrismaClient, actor: Actor, input: PayBandInput): Promise<PayBandView> {
  requireHrRole(actor, 'create pay bands');
  checkRange(input.minMinor, input.maxMinor);
  const band = await prisma.payBand.create({
    data: {
      tenantId: actor.tenant.id,
      name: input.name,
      jobTitle: input.jobTitle ?? null,
      currency: input.currency,
      minMinor: BigInt(input.minMinor),
      maxMinor: BigInt(input.maxMinor),
    },
  });
  return payBandViewOf(band);
}

/** Changes a band (HR). Changes proposed before keep the warnings they were made with. */
export async function updatePayBand(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  input: Partial<PayBandInput>,
): Promise<PayBandView> {
  requireHrRole(actor, 'change pay bands');
  const band = await prisma.payBand.findFirst({ where: { id, tenantId: actor.tenant.id } });
  if (!band) throw new AppError('not_found', `No pay band ${id}`);
  const min = input.minMinor ?? Number(band.minMinor);
  const max = input.maxMinor ?? Number(band.maxMinor);
  checkRange(min, max);
  const updated = await prisma.payBand.update({
    where: { id },
    data: {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.jobTitle !== undefined ? { jobTitle: input.jobTitle } : {}),
      ...(input.currency !== undefined ? { currency: input.currency } : {}),
      minMinor: BigInt(min),
      maxMinor: BigInt(max),
    },
  });
  return payBandViewOf(updated);
}

import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { requireHrRole } from '../access/requireHrRole';
import { AppError } from '../appError';
import { pageArgs, pageOf } from './page';
import { emitOrganizationWebhookEvent, type OrganizationWebhookEvent } from '../webhooks/emitters';
import type { Prisma } from '../../db/models';

/** Writes a record and queues its webhook event in one transaction, so an event never tells of a rolled-back write. */
async function withEvent<T extends { id: string; name: string }>(
  prisma: PrismaClient,
  tenantId: string,
  event: OrganizationWebhookEvent,
  key: 'location' | 'legalEntity',
  write: (tx: Prisma.TransactionClient) => Promise<T>,
): Promise<T> {
  return prisma.$transaction(async (tx) => {
    const row = await write(tx);
    await emitOrganizationWebhookEvent(tx, event, tenantId, { [key]: { id: row.id, name: row.name } });
    return row;
  });
}

/**
 * Locations (offices, sites) and legal entities (the group's companies): reference records of the organisation
 * that positions, and later contracts and payroll, point at. Read by everyone with `organization:read`, changed by
 * HR_MANAGER, ADMIN and OWNER; a record still pointed at cannot be deleted (409 saying by what).
 */

export interface LocationView {
  id: string;
  name: string;
  countryCode: string;
  city: string | null;
  address: string | null;
  timeZone: string;
  createdAt: string;
}
export interface LocationInput {
  name?: string;
  countryCode?: string;
  city?: string | null;
  address?: string | null;
  timeZone?: string;
}

export interface LegalEntityView {
  id: string;
  name: string;
  countryCode: string;
  registrationNumber: string | null;
  createdAt: string;
}
export interface LegalEntityInput {
  name?: string;
  countryCode?: string;
  registrationNumber?: string | null;
}

const withTime = <T extends { createdAt: Date }>(row: T) => ({ ...row, createdAt: row.createdAt.toISOString() });
const strip = <T extends { tenantId: string }>({ tenantId: _tenantId, ...rest }: T) => rest;

type Page = { limit: number; after?: string | undefined };

export async function listLocations(prisma: PrismaClient, actor: Actor, page: Page) {
  const rows = await prisma.location.findMany({ where: { tenantId: actor.tenant.id }, ...pageArgs(page) });
  const { items, nextCursor } = pageOf(rows, page.limit);
  return { locations: items.map((r) => withTime(strip(r))) as LocationView[], nextCursor };
}

export async function createLocation(
  prisma: PrismaClient,
  actor: Actor,
  input: LocationInput & { name: string; countryCode: string },
): Promise<LocationView> {
  requireHrRole(actor, 'change the organisation');
  const tenantId = actor.tenant.id;
  return withTime(
    strip(
      await withEvent(prisma, tenantId, 'organization.location.created', 'location', (tx) =>
        tx.location.create({ data: { ...input, tenantId } }),
      ),
    ),
  );
}

async function requireOwnLocation(prisma: PrismaClient, actor: Actor, id: string): Promise<void> {
  if ((await prisma.location.count({ where: { id, tenantId: actor.tenant.id } })) === 0) {
    throw new AppError('not_found', `No location ${id}`);
  }
}

export async function updateLocation(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  input: LocationInput,
): Promise<LocationView> {
  await requireOwnLocation(prisma, actor, id);
  requireHrRole(actor, 'change the organisation');
  return withTime(
    strip(
      await withEvent(prisma, actor.tenant.id, 'organization.location.updated', 'location', (tx) =>
        tx.location.update({ where: { id }, data: input }),
      ),
    ),
  );
}

export async function deleteLocation(prisma: PrismaClient, actor: Actor, id: string): Promise<{ id: string }> {
  await requireOwnLocation(prisma, actor, id);
  requireHrRole(actor, 'change the organisation');
  const positions = await prisma.position.count({ where: { tenantId: actor.tenant.id, locationId: id } });
  if (positions > 0) throw new AppError('conflict', `The location is in use: ${positions} positions name it`);
  await withEvent(prisma, actor.tenant.id, 'organization.location.deleted', 'location', (tx) =>
    tx.location.delete({ where: { id } }),
  );
  return { id };
}

export async function listLegalEntities(prisma: PrismaClient, actor: Actor, page: Page) {
  const rows = await prisma.legalEntity.findMany({ where: { tenantId: actor.tenant.id }, ...pageArgs(page) });
  const { items, nextCursor } = pageOf(rows, page.limit);
  return { legalEntities: items.map((r) => withTime(strip(r))) as LegalEntityView[], nextCursor };
}

export async function createLegalEntity(
  prisma: PrismaClient,
  actor: Actor,
  input: LegalEntityInput & { name: string; countryCode: string },
): Promise<LegalEntityView> {
  requireHrRole(actor, 'change the organisation');
  const tenantId = actor.tenant.id;
  return withTime(
    strip(
      await withEvent(prisma, tenantId, 'organization.legal_entity.created', 'legalEntity', (tx) =>
        tx.legalEntity.create({ data: { ...input, tenantId } }),
      ),
    ),
  );
}

async function requireOwnLegalEntity(prisma: PrismaClient, actor: Actor, id: string): Promise<void> {
  if ((await prisma.legalEntity.count({ where: { id, tenantId: actor.tenant.id } })) === 0) {
    throw new AppError('not_found', `No legal entity ${id}`);
  }
}

export async function updateLegalEntity(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  input: LegalEntityInput,
): Promise<LegalEntityView> {
  await requireOwnLegalEntity(prisma, actor, id);
  requireHrRole(actor, 'change the organisation');
  return withTime(
    strip(
      await withEvent(prisma, actor.tenant.id, 'organization.legal_entity.updated', 'legalEntity', (tx) =>
        tx.legalEntity.update({ where: { id }, data: input }),
      ),
    ),
  );
}

export async function deleteLegalEntity(prisma: PrismaClient, actor: Actor, id: string): Promise<{ id: string }> {
  await requireOwnLegalEntity(prisma, actor, id);
  requireHrRole(actor, 'change the organisation');
  const positions = await prisma.position.count({ where: { tenantId: actor.tenant.id, legalEntityId: id } });
  if (positions > 0) throw new AppError('conflict', `The legal entity is in use: ${positions} positions name it`);
  await withEvent(prisma, actor.tenant.id, 'organization.legal_entity.deleted', 'legalEntity', (tx) =>
    tx.legalEntity.delete({ where: { id } }),
  );
  return { id };
}

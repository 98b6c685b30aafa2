import type { Position } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { requireHrRole } from '../access/requireHrRole';
import { AppError } from '../appError';
import { lockOrganisation } from './organisationLock';
import { pageArgs, pageOf } from './page';
import { emitOrganizationWebhookEvent } from '../webhooks/emitters';
import { requireDepartment, requireEmployee, requireLegalEntity, requireLocation } from './references';

/**
 * Positions: budgeted roles, open or held by one employee (one position per employee: a second answers 409).
 * `status` is `open` or `filled`. Read with `organization:read`; changed by HR_MANAGER, ADMIN and OWNER.
 */

export interface PositionView {
  id: string;
  title: string;
  status: 'open' | 'filled';
  departmentId: string | null;
  locationId: string | null;
  legalEntityId: string | null;
  holderEmployeeId: string | null;
  createdAt: string;
}

export interface PositionInput {
  title?: string;
  departmentId?: string | null;
  locationId?: string | null;
  legalEntityId?: string | null;
  holderEmployeeId?: string | null;
}

function viewOf(row: Position): PositionView {
  return {
    id: row.id,
    title: row.title,
    status: row.holderEmployeeId ? 'filled' : 'open',
    departmentId: row.departmentId,
    locationId: row.locationId,
    legalEntityId: row.legalEntityId,
    holderEmployeeId: row.holderEmployeeId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listPositions(
  prisma: PrismaClient,
  actor: Actor,
  page: { limit: number; after?: string | undefined; status?: 'open' | 'filled' | undefined },
): Promise<{ positions: PositionView[]; nextCursor: string | null }> {
  const rows = await prisma.position.findMany({
    where: {
      tenantId: actor.tenant.id,
      ...(page.status === 'open' ? { holderEmployeeId: null } : {}),
      ...(page.status === 'filled' ? { holderEmployeeId: { not: null } } : {}),
    },
    ...pageArgs(page),
  });
  const { items, nextCursor } = pageOf(rows, page.limit);
  return { positions: items.map(viewOf), nextCursor };
}

/** The references of a position's input, each checked to be the workspace's (400 naming the field otherwise). */
async function checkReferences(
  tx: Parameters<Parameters<PrismaClient['$transaction']>[0]>[0],
  tenantId: string,
  input: PositionInput,
) {
  if (input.departmentId) await requireDepartment(tx, tenantId, input.departmentId, 'departmentId');
  if (input.locationId) await requireLocation(tx, tenantId, input.locationId, 'locationId');
  if (input.legalEntityId) await requireLegalEntity(tx, tenantId, input.legalEntityId, 'legalEntityId');
  if (input.holderEmployeeId) await requireEmployee(tx, tenantId, input.holderEmployeeId, 'holderEmployeeId');
}

export async function createPosition(
  prisma: PrismaClient,
  actor: Actor,
  input: PositionInput & { title: string },
): Promise<PositionView> {
  requireHrRole(actor, 'change the organisation');
  const tenantId = actor.tenant.id;
  return viewOf(
    await prisma.$transaction(async (tx) => {
      await lockOrganisation(tx, tenantId);
      await checkReferences(tx, tenantId, input);
      const position = await tx.position.create({ data: { ...input, tenantId } });
      await emitOrganizationWebhookEvent(tx, 'organization.position.created', tenantId, {
        position: { id: position.id, name: position.title },
      });
      return position;
    }),
  );
}

async function requireOwnPosition(prisma: PrismaClient, actor: Actor, id: string): Promise<void> {
  if ((await prisma.position.count({ where: { id, tenantId: actor.tenant.id } })) === 0) {
    throw new AppError('not_found', `No position ${id}`);
  }
}

export async function updatePosition(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  input: PositionInput,
): Promise<PositionView> {
  await requireOwnPosition(prisma, actor, id);
  requireHrRole(actor, 'change the organisation');
  const tenantId = actor.tenant.id;
  return viewOf(
    await prisma.$transaction(async (tx) => {
      await lockOrganisation(tx, tenantId);
      await checkReferences(tx, tenantId, input);
      const position = await tx.position.update({ where: { id }, data: input });
      await emitOrganizationWebhookEvent(tx, 'organization.position.updated', tenantId, {
        position: { id: position.id, name: position.title },
      });
      return position;
    }),
  );
}

export async function deletePosition(prisma: PrismaClient, actor: Actor, id: string): Promise<{ id: string }> {
  await requireOwnPosition(prisma, actor, id);
  requireHrRole(actor, 'change the organisation');
  await prisma.$transaction(async (tx) => {
    const position = await tx.position.delete({ where: { id } });
    await emitOrganizationWebhookEvent(tx, 'organization.position.deleted', actor.tenant.id, {
      position: { id: position.id, name: position.title },
    });
  });
  return { id };
}

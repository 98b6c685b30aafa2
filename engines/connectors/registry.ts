import type { PrismaClient } from '../../db/prismaClient';
import { Prisma, type McpConnector } from '../../db/models';
import type { Actor } from '../access/actor';
import { requireAdminRole } from '../access/requireAdminRole';
import { AppError } from '../appError';
import { generateSecret } from '../tokens/secret';

/**
 * Creates a connector of the actor's workspace (ADMIN or OWNER). The pairing token exists only in the answer: the
 * row keeps its SHA-256, so a database leak does not let anyone pose as the connector.
 */
export async function createConnector(
  prisma: PrismaClient,
  actor: Actor,
  input: { name: string },
): Promise<{ connector: McpConnector; pairingToken: string }> {
  requireAdminRole(actor);
  const { secret, hash, hint } = generateSecret('connector_pairing_token');
  try {
    const connector = await prisma.mcpConnector.create({
      data: {
        tenantId: actor.tenant.id,
        name: input.name,
        pairingTokenHash: hash,
        pairingTokenHint: hint,
        createdById: actor.user.id,
      },
    });
    return { connector, pairingToken: secret };
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      throw new AppError('conflict', `A connector named "${input.name}" already exists in this workspace`, {
        name: input.name,
      });
    }
    throw error;
  }
}

/** The workspace's connectors, revoked ones included (they explain why a server stopped), newest first. */
export async function listConnectors(prisma: PrismaClient, actor: Actor): Promise<McpConnector[]> {
  requireAdminRole(actor);
  return prisma.mcpConnector.findMany({ where: { tenantId: actor.tenant.id }, orderBy: { createdAt: 'desc' } });
}

/**
 * Revokes a connector: its pairing token stops working at once (the hub refuses new sockets and closes an open
 * one within a heartbeat). Revoking twice answers the same connector; another workspace's id answers 404.
 */
export async function revokeConnector(prisma: PrismaClient, actor: Actor, id: string): Promise<McpConnector> {
  requireAdminRole(actor);
  const found = await prisma.mcpConnector.findFirst({ where: { id, tenantId: actor.tenant.id } });
  if (!found) throw new AppError('not_found', 'No such connector');
  if (found.revokedAt) return found;
  return prisma.mcpConnector.update({ where: { id }, data: { revokedAt: new Date(), online: false } });
}

import type { PrismaClient } from '../../db/prismaClient';
import type { PublishedTool } from '../../lib/connector/protocol';

/**
 * What the hub records about a connector's socket. Every write is conditional on the connector not being revoked,
 * so the answer tells the hub whether to keep the socket: false means revoked (or deleted), close it.
 */
export async function markConnected(
  prisma: PrismaClient,
  connectorId: string,
  tools: PublishedTool[],
  now = new Date(),
): Promise<boolean> {
  const { count } = await prisma.mcpConnector.updateMany({
    where: { id: connectorId, revokedAt: null },
    data: { online: true, lastSeenAt: now, publishedTools: tools as object[], toolsUpdatedAt: now },
  });
  return count === 1;
}

/** The adapter's tools changed. */
export async function publishTools(
  prisma: PrismaClient,
  connectorId: string,
  tools: PublishedTool[],
  now = new Date(),
): Promise<boolean> {
  const { count } = await prisma.mcpConnector.updateMany({
    where: { id: connectorId, revokedAt: null },
    data: { publishedTools: tools as object[], toolsUpdatedAt: now, lastSeenAt: now, online: true },
  });
  return count === 1;
}

/** A heartbeat: the socket is alive. */
export async function touchConnector(prisma: PrismaClient, connectorId: string, now = new Date()): Promise<boolean> {
  const { count } = await prisma.mcpConnector.updateMany({
    where: { id: connectorId, revokedAt: null },
    data: { online: true, lastSeenAt: now },
  });
  return count === 1;
}

/** The socket closed. Another replica holding a newer socket sets it back on its next heartbeat. */
export async function markDisconnected(prisma: PrismaClient, connectorId: string, now = new Date()): Promise<void> {
  await prisma.mcpConnector.updateMany({ where: { id: connectorId }, data: { online: false, lastSeenAt: now } });
}

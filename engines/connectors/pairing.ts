import type { PrismaClient } from '../../db/prismaClient';
import type { McpConnector } from '../../db/models';
import { AppError } from '../appError';
import { hashSecret, kindOfSecret } from '../tokens/secret';

/**
 * The connector a pairing token belongs to: 401 when the token is missing, malformed (prefix or checksum), of
 * another kind, unknown, or revoked. Looked up by its SHA-256, as every secret of svc-hr.
 */
export async function authenticateConnector(prisma: PrismaClient, token: string | undefined): Promise<McpConnector> {
  if (!token) throw new AppError('unauthorized', 'Send Authorization: Bearer <connector pairing token>');
  if (kindOfSecret(token) !== 'connector_pairing_token') {
    throw new AppError('unauthorized', 'The pairing token is malformed (connector pairing tokens start with hrc_)');
  }
  const connector = await prisma.mcpConnector.findUnique({ where: { pairingTokenHash: hashSecret(token) } });
  if (!connector) throw new AppError('unauthorized', 'The pairing token is not valid');
  if (connector.revokedAt) throw new AppError('unauthorized', 'The connector was revoked');
  return connector;
}

import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import type { Role } from '../access/roles';
import { AppError } from '../appError';
import type { UserStatus } from './users';

/** What a backend needs to know of a user before exchange_agent_token: who, and whether they can act at all. */
export interface AgentUserView {
  id: string;
  email: string;
  name: string;
  role: Role;
  status: UserStatus;
  externalId: string | null;
}

/** Exactly one of the two: the user's e-mail address (lower-case) or their id in the customer's own system. */
export type AgentUserKey = { email: string; externalId?: undefined } | { externalId: string; email?: undefined };

/**
 * lookup_agent_user: finds a user of the actor's own workspace by e-mail address or external id, so that a backend
 * holding an integration credential can name the user to exchange_agent_token. Only the actor's tenant is searched:
 * a user of another workspace is as unknown as one that does not exist (404, the same message).
 */
export async function lookUpAgentUser(prisma: PrismaClient, actor: Actor, key: AgentUserKey): Promise<AgentUserView> {
  const row = await prisma.user.findFirst({
    where: {
      tenantId: actor.tenant.id,
      ...(key.email !== undefined ? { email: key.email } : { externalId: key.externalId }),
    },
    select: { id: true, email: true, name: true, role: true, status: true, externalId: true },
  });
  if (!row) {
    throw new AppError(
      'not_found',
      key.email !== undefined
        ? 'No user with this email in this workspace'
        : 'No user with this externalId in this workspace',
    );
  }
  return { ...row, status: row.status as UserStatus };
}

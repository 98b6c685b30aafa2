import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import type { Scope } from '../access/scopes';
import { AppError } from '../appError';
import { issueCredential } from './credentials';

/** Delegated credentials live 15 minutes unless asked otherwise, and never more than an hour (DESIGN.md). */
export const delegatedLifetime = { defaultSeconds: 15 * 60, maxSeconds: 60 * 60 } as const;

export interface ExchangeInput {
  userId: string;
  externalSessionId: string;
  scopes: readonly Scope[];
  expiresInSeconds?: number | undefined;
}

export interface DelegatedCredential {
  accessToken: string;
  tokenType: 'Bearer';
  expiresAt: string;
  scopes: Scope[];
  userId: string;
}

/**
 * exchange_agent_token: an integration credential (the actor) mints a short-lived credential acting as an
 * existing user of its own tenant. Scopes are the intersection of what was asked and what the integration
 * credential holds; the user's role, read live on each request, bounds it further.
 */
export async function exchangeForDelegatedCredential(
  prisma: PrismaClient,
  actor: Actor,
  input: ExchangeInput,
  now = new Date(),
): Promise<DelegatedCredential> {
  const user = await prisma.user.findFirst({ where: { id: input.userId, tenantId: actor.tenant.id } });
  if (!user) throw new AppError('not_found', `No user ${input.userId} in this workspace`);
  // A credential for someone no credential works for (not yet accepted, or deactivated) would only answer 401 later.
  if (user.status !== 'active') {
    throw new AppError(
      'conflict',
      `User ${input.userId} is ${user.status}: only an active user can be acted for (an invited user first accepts ` +
        'the invitation; a deactivated one is reactivated by an admin)',
      { status: user.status },
    );
  }
  const scopes = [...new Set(input.scopes)].filter((s) => actor.credential.scopes.includes(s)).sort();
  if (scopes.length === 0) {
    throw new AppError('forbidden', 'None of the requested scopes is held by the integration credential', {
      requested: input.scopes,
      held: actor.credential.scopes,
    });
  }
  const seconds = input.expiresInSeconds ?? delegatedLifetime.defaultSeconds;
  const expiresAt = new Date(now.getTime() + seconds * 1000);
  const { secret } = await issueCredential(prisma, {
    tenantId: actor.tenant.id,
    userId: user.id,
    kind: 'delegated_credential',
    name: `${actor.credential.name} for ${input.externalSessionId}`.slice(0, 200),
    scopes,
    expiresAt,
    parentId: actor.credential.id,
    externalSessionId: input.externalSessionId,
    createdById: actor.user.id,
  });
  return { accessToken: secret, tokenType: 'Bearer', expiresAt: expiresAt.toISOString(), scopes, userId: user.id };
}

import type { Db } from '../../db/handle';
import type { PrismaClient } from '../../db/prismaClient';
import type { Credential } from '../../db/models';
import type { Actor, CredentialKind } from '../access/actor';
import { isTenantAdmin, mayManageApiKeys, type Role } from '../access/roles';
import type { Scope } from '../access/scopes';
import { requireTokenAuthority } from '../access/tokenAuthority';
import { AppError } from '../appError';
import { generateSecret } from './secret';

/** A credential as its owner may see it: never the secret nor its hash. */
export interface CredentialView {
  id: string;
  kind: CredentialKind;
  name: string;
  scopes: string[];
  hint: string;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
}

export function viewOf(c: Credential): CredentialView {
  return {
    id: c.id,
    kind: c.kind,
    name: c.name,
    scopes: c.scopes,
    hint: c.hint,
    expiresAt: c.expiresAt?.toISOString() ?? null,
    revokedAt: c.revokedAt?.toISOString() ?? null,
    lastUsedAt: c.lastUsedAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
  };
}

export interface NewCredential {
  tenantId: string;
  userId: string;
  kind: CredentialKind;
  name: string;
  scopes: readonly string[];
  expiresAt?: Date | null;
  parentId?: string | null;
  externalSessionId?: string | null;
  createdById?: string | null;
}

/** Stores a new credential; the returned secret exists nowhere else and is shown once. */
export async function issueCredential(
  prisma: Db,
  input: NewCredential,
): Promise<{ credential: Credential; secret: string }> {
  const { secret, hash, hint } = generateSecret(input.kind);
  const credential = await prisma.credential.create({
    data: {
      tenantId: input.tenantId,
      userId: input.userId,
      kind: input.kind,
      name: input.name,
      scopes: [...new Set(input.scopes)].sort(),
      secretHash: hash,
      hint,
      expiresAt: input.expiresAt ?? null,
      parentId: input.parentId ?? null,
      externalSessionId: input.externalSessionId ?? null,
      createdById: input.createdById ?? null,
    },
  });
  return { credential, secret };
}

/**
 * Which roles may hold which credential kinds: integration credentials are admin credentials, company API
 * keys belong to owners, admins and HR managers (interface.md, Authentication items 3 and 7).
 */
export function assertRoleMayHold(role: Role, kind: CredentialKind): void {
  if (kind === 'integration_credential' && !isTenantAdmin(role)) {
    throw new AppError('forbidden', 'Only an ADMIN or OWNER can create integration credentials');
  }
  if (kind === 'company_api_key' && !mayManageApiKeys(role)) {
    throw new AppError('forbidden', 'Only an OWNER, ADMIN or HR_MANAGER can create company API keys');
  }
}

/**
 * A personal access token for the actor, created through the API: only by a personal access token, and only with
 * scopes it holds itself, so a narrowed token cannot mint a wider one (engines/access/tokenAuthority.ts).
 */
export async function createPersonalAccessToken(
  prisma: PrismaClient,
  actor: Actor,
  input: { name: string; scopes: readonly Scope[]; expiresAt: Date | null },
): Promise<{ credential: Credential; secret: string }> {
  requireTokenAuthority(actor, 'grant', input.scopes);
  return issueCredential(prisma, {
    tenantId: actor.tenant.id,
    userId: actor.user.id,
    kind: 'personal_access_token',
    name: input.name,
    scopes: input.scopes,
    expiresAt: input.expiresAt,
    createdById: actor.user.id,
  });
}

/** The actor's own credentials of one kind, newest first. */
export async function listOwnCredentials(
  prisma: PrismaClient,
  actor: Actor,
  kind: CredentialKind,
): Promise<CredentialView[]> {
  const rows = await prisma.credential.findMany({
    where: { tenantId: actor.tenant.id, userId: actor.user.id, kind },
    orderBy: { createdAt: 'desc' },
  });
  return rows.map(viewOf);
}

/**
 * Revokes one of the actor's own personal access tokens; anyone else's (or another kind of credential) answers 404
 * (no existence leak). Revoking takes the authority creating does (engines/access/tokenAuthority.ts): a delegated
 * credential, or a token lacking some of the revoked token's scopes, answers 403 and revokes nothing. Idempotent.
 */
export async function revokePersonalAccessToken(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  now = new Date(),
): Promise<CredentialView> {
  const found = await prisma.credential.findFirst({
    where: { id, tenantId: actor.tenant.id, userId: actor.user.id, kind: 'personal_access_token' },
  });
  if (!found) throw new AppError('not_found', `No token ${id}`);
  requireTokenAuthority(actor, 'revoke', found.scopes);
  if (found.revokedAt) return viewOf(found);
  return viewOf(await prisma.credential.update({ where: { id }, data: { revokedAt: now } }));
}

/**
 * Issues a credential for the user with `email` (the operator's path: `svc-hr token|credential|apikey create`),
 * after checking that the user's role may hold that kind.
 */
export async function issueForEmail(
  prisma: PrismaClient,
  input: { email: string; kind: CredentialKind; name: string; scopes: readonly string[]; expiresAt: Date | null },
): Promise<{ credential: Credential; secret: string }> {
  const user = await prisma.user.findUnique({ where: { email: input.email.trim().toLowerCase() } });
  if (!user) throw new AppError('not_found', `No user with e-mail ${input.email}`);
  assertRoleMayHold(user.role, input.kind);
  return issueCredential(prisma, {
    tenantId: user.tenantId,
    userId: user.id,
    kind: input.kind,
    name: input.name,
    scopes: input.scopes,
    expiresAt: input.expiresAt,
    createdById: user.id,
  });
}

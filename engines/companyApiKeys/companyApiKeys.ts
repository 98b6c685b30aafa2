import type { Credential } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';
import type { Actor } from '../access/actor';
import { requireApiKeyManager } from '../access/requireApiKeyManager';
import { mayManageApiKeys, type Role } from '../access/roles';
import { companyKeyScopes } from '../access/scopes';
import { requireTokenAuthority } from '../access/tokenAuthority';
import { AppError } from '../appError';
import { emitCompanyKeyWebhookEvent } from '../webhooks/emitters';
import { issueCredential } from '../tokens/credentials';
import { generateSecret } from '../tokens/secret';

/**
 * The company API keys of a workspace (company-api.md, Company API Keys): the one engine behind the API's
 * operations and `svc-hr apikey create`. A key acts for the workspace with its creator's live role and its own
 * scopes; its secret is shown once and stored as a hash. The keys belong to the workspace: every OWNER, ADMIN or
 * HR_MANAGER sees and manages all of them.
 */

export type CompanyApiKeyStatus = 'active' | 'expired' | 'revoked';

/** A key as its managers see it: never the secret nor its hash. */
export interface CompanyApiKeyView {
  id: string;
  name: string;
  scopes: string[];
  hint: string;
  status: CompanyApiKeyStatus;
  createdBy: { id: string; name: string };
  expiresAt: string | null;
  revokedAt: string | null;
  rotatedAt: string | null;
  /** When its creator left (Offboarding revoked it with their credentials): HR replaces it. */
  creatorLeftAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
}

type KeyRow = Credential & { user: { name: string } };

function statusOf(row: Credential, now: Date): CompanyApiKeyStatus {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  return 'active';
}

function viewOf(row: KeyRow, now: Date): CompanyApiKeyView {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    hint: row.hint,
    status: statusOf(row, now),
    createdBy: { id: row.userId, name: row.user.name },
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    rotatedAt: row.rotatedAt?.toISOString() ?? null,
    creatorLeftAt: row.creatorLeftAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const withCreator = { user: { select: { name: true } } } as const;

/** 400 naming `scopes` unless every scope is one a company key may carry. */
function checkKeyScopes(scopes: readonly string[]): void {
  const foreign = [...new Set(scopes.filter((s) => !(companyKeyScopes as readonly string[]).includes(s)))];
  if (scopes.length === 0) throw new AppError('validation_error', 'scopes: give at least one scope');
  if (foreign.length > 0) {
    throw new AppError(
      'validation_error',
      `scopes: a company API key carries only company scopes (${companyKeyScopes.join(', ')}); not ${foreign.join(', ')}`,
      { fields: ['scopes'] },
    );
  }
}

export interface NewCompanyApiKey {
  name: string;
  scopes: readonly string[];
  expiresAt: Date | null;
}

/**
 * Makes a key acting as `creator`, after the checks every way of making one shares: the creator's role may hold one
 * and the scopes are company scopes. The operator's CLI calls this directly (it has the database already); the API
 * calls it through `createCompanyApiKey`, which adds the caller's authority.
 */
export async function issueCompanyApiKey(
  prisma: PrismaClient,
  creator: { tenantId: string; userId: string; role: Role },
  input: NewCompanyApiKey,
  now = new Date(),
): Promise<{ key: CompanyApiKeyView; secret: string }> {
  if (!mayManageApiKeys(creator.role)) {
    throw new AppError('forbidden', 'Only an OWNER, ADMIN or HR_MANAGER can create company API keys');
  }
  checkKeyScopes(input.scopes);
  if (input.expiresAt && input.expiresAt <= now)
    throw new AppError('validation_error', 'expiresAt: must be in the future');
  const { credential, secret } = await prisma.$transaction(async (tx) => {
    const issued = await issueCredential(tx, {
      tenantId: creator.tenantId,
      userId: creator.userId,
      kind: 'company_api_key',
      name: input.name,
      scopes: input.scopes,
      expiresAt: input.expiresAt,
      createdById: creator.userId,
    });
    await emitCompanyKeyWebhookEvent(tx, 'company_api_keys.key.created', creator.tenantId, issued.credential);
    return issued;
  });
  const row = await prisma.credential.findUniqueOrThrow({ where: { id: credential.id }, include: withCreator });
  return { key: viewOf(row, now), secret };
}

/**
 * A key made through the API, acting as the caller. Minting a long-lived secret takes the authority minting a
 * personal access token does (engines/access/tokenAuthority.ts): only a personal access token, never a delegated
 * credential (it lives in a browser) nor a company key (a leaked key must not breed more), and only with scopes
 * the token holds itself.
 */
export async function createCompanyApiKey(
  prisma: PrismaClient,
  actor: Actor,
  input: NewCompanyApiKey,
  now = new Date(),
): Promise<{ key: CompanyApiKeyView; secret: string }> {
  requireApiKeyManager(actor);
  checkKeyScopes(input.scopes);
  requireTokenAuthority(actor, 'grant', input.scopes);
  return issueCompanyApiKey(
    prisma,
    { tenantId: actor.tenant.id, userId: actor.user.id, role: actor.user.role },
    input,
    now,
  );
}

/** The workspace's keys, newest first, a page at a time (`after`: the last id of the previous page). */
export async function listCompanyApiKeys(
  prisma: PrismaClient,
  actor: Actor,
  page: { limit: number; after?: string | undefined },
  now = new Date(),
): Promise<{ keys: CompanyApiKeyView[]; nextCursor: string | null }> {
  requireApiKeyManager(actor);
  const rows = await prisma.credential.findMany({
    where: {
      tenantId: actor.tenant.id,
      kind: 'company_api_key',
      ...(page.after === undefined ? {} : { id: { lt: page.after } }),
    },
    orderBy: { id: 'desc' },
    take: page.limit + 1,
    include: withCreator,
  });
  const keys = rows.slice(0, page.limit).map((row) => viewOf(row, now));
  return { keys, nextCursor: rows.length > page.limit ? keys[keys.length - 1]!.id : null };
}

/** One key of the caller's workspace; 404 for any other id (another workspace's key, another kind of credential). */
async function findKey(prisma: PrismaClient, actor: Actor, id: string): Promise<KeyRow> {
  const row = await prisma.credential.findFirst({
    where: { id, tenantId: actor.tenant.id, kind: 'company_api_key' },
    include: withCreator,
  });
  if (!row) throw new AppError('not_found', `No company API key ${id}`);
  return row;
}

export async function getCompanyApiKey(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  now = new Date(),
): Promise<CompanyApiKeyView> {
  requireApiKeyManager(actor);
  return viewOf(await findKey(prisma, actor, id), now);
}

/**
 * Revokes a key: it stops on the next request (authentication reads it every time). Takes the authority revoking
 * a token does: a personal access token holding the key's scopes. Revoking a revoked key answers it unchanged.
 */
export async function revokeCompanyApiKey(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  now = new Date(),
): Promise<CompanyApiKeyView> {
  requireApiKeyManager(actor);
  const row = await findKey(prisma, actor, id);
  requireTokenAuthority(actor, 'revoke', row.scopes);
  if (row.revokedAt) return viewOf(row, now);
  // Conditional, so two revocations racing keep the first one's time.
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.credential.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } });
    if (count > 0) await emitCompanyKeyWebhookEvent(tx, 'company_api_keys.key.revoked', actor.tenant.id, row);
  });
  return viewOf(await findKey(prisma, actor, id), now);
}

/**
 * Gives a key a new secret: the old one stops at once, the id, name, scopes and expiry stay. Shown once, like a new
 * key's; takes the authority of creating one. A revoked or expired key answers 409 and keeps no new secret.
 */
export async function rotateCompanyApiKey(
  prisma: PrismaClient,
  actor: Actor,
  id: string,
  now = new Date(),
): Promise<{ key: CompanyApiKeyView; secret: string }> {
  requireApiKeyManager(actor);
  const row = await findKey(prisma, actor, id);
  requireTokenAuthority(actor, 'grant', row.scopes);
  const status = statusOf(row, now);
  if (status !== 'active') throw new AppError('conflict', `The key is ${status}; only an active key is rotated`);
  const { secret, hash, hint } = generateSecret('company_api_key');
  // Conditional on the row still being the one read: a revocation in between wins and this answers 409.
  const count = await prisma.$transaction(async (tx) => {
    const updated = await tx.credential.updateMany({
      where: { id, revokedAt: null, secretHash: row.secretHash },
      data: { secretHash: hash, hint, rotatedAt: now },
    });
    if (updated.count > 0) {
      await emitCompanyKeyWebhookEvent(tx, 'company_api_keys.key.rotated', actor.tenant.id, { ...row, hint });
    }
    return updated.count;
  });
  if (count === 0) throw new AppError('conflict', 'The key was revoked or rotated meanwhile; read it again');
  return { key: viewOf(await findKey(prisma, actor, id), now), secret };
}

import type { PrismaClient } from '../../db/prismaClient';
import type { Actor, CredentialKind } from '../access/actor';
import type { Role } from '../access/roles';
import { isScope, type Scope } from '../access/scopes';
import { AppError } from '../appError';
import { hashSecret, kindOfSecret } from './secret';

interface CredentialRow {
  id: string;
  kind: CredentialKind;
  name: string;
  scopes: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  parentRevokedAt: Date | null;
  parentExpiresAt: Date | null;
  tenantId: string;
  tenantName: string;
  userId: string;
  userName: string;
  userEmail: string;
  role: Role;
  employeeId: string | null;
  employeeNumber: number | null;
  departmentId: string | null;
}

/**
 * The credential with its tenant, its user's live role, the user's employee record and its parent's state, in
 * one round trip: this runs on every request, so it is one indexed look-up rather than a query per relation.
 */
async function findCredential(prisma: PrismaClient, secretHash: string): Promise<CredentialRow | undefined> {
  const rows = await prisma.$queryRaw<CredentialRow[]>`
    SELECT c.id::text AS "id", c.kind::text AS "kind", c.name AS "name", c.scopes AS "scopes",
           c.expires_at AS "expiresAt", c.revoked_at AS "revokedAt", c.last_used_at AS "lastUsedAt",
           p.revoked_at AS "parentRevokedAt", p.expires_at AS "parentExpiresAt",
           t.id::text AS "tenantId", t.name AS "tenantName",
           u.id::text AS "userId", u.name AS "userName", u.email AS "userEmail", u.role::text AS "role",
           e.id::text AS "employeeId", e.employee_number AS "employeeNumber", e.department_id::text AS "departmentId"
    FROM credentials c
    JOIN tenants t ON t.id = c.tenant_id
    JOIN users u ON u.id = c.user_id AND u.tenant_id = c.tenant_id
    LEFT JOIN credentials p ON p.id = c.parent_id
    LEFT JOIN employees e ON e.user_id = u.id
    WHERE c.secret_hash = ${secretHash}`;
  return rows[0];
}

/** How stale `last_used_at` may get before a request refreshes it: one write a minute, not one per request. */
const lastUsedResolutionMs = 60_000;

/**
 * Resolves a presented secret to the Actor it acts as, reading the user's role live (a demotion applies on
 * the next request). 401 `unauthorized` when the secret is missing, malformed, unknown, revoked or expired,
 * or when the integration credential a delegated credential came from is revoked or expired.
 */
export async function authenticate(prisma: PrismaClient, secret: string | undefined, now = new Date()): Promise<Actor> {
  if (!secret) throw new AppError('unauthorized', 'Send Authorization: Bearer <token>');
  if (!kindOfSecret(secret)) throw new AppError('unauthorized', 'The token is malformed');
  const credential = await findCredential(prisma, hashSecret(secret));
  if (!credential) throw new AppError('unauthorized', 'The token is not valid');
  if (credential.revokedAt) throw new AppError('unauthorized', 'The token was revoked');
  if (credential.expiresAt && credential.expiresAt <= now) throw new AppError('unauthorized', 'The token expired');
  if (credential.parentRevokedAt || (credential.parentExpiresAt && credential.parentExpiresAt <= now)) {
    throw new AppError('unauthorized', 'The integration credential behind this token was revoked or expired');
  }
  if (!credential.lastUsedAt || now.getTime() - credential.lastUsedAt.getTime() > lastUsedResolutionMs) {
    // Bookkeeping only: a failed write must not fail the request, and the request need not wait for it.
    void prisma.credential
      .update({ where: { id: credential.id }, data: { lastUsedAt: now } })
      .catch((err: unknown) => process.emitWarning(`last_used_at of credential ${credential.id}: ${String(err)}`));
  }
  return {
    tenant: { id: credential.tenantId, name: credential.tenantName },
    user: { id: credential.userId, name: credential.userName, email: credential.userEmail, role: credential.role },
    employee:
      credential.employeeId !== null && credential.employeeNumber !== null
        ? { id: credential.employeeId, number: credential.employeeNumber, departmentId: credential.departmentId }
        : null,
    credential: {
      id: credential.id,
      kind: credential.kind,
      name: credential.name,
      scopes: credential.scopes.filter((s): s is Scope => isScope(s)),
    },
  };
}

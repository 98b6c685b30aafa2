import { sqlPool, type PrismaClient } from '../../db/prismaClient';
import type { Actor, CredentialKind } from '../access/actor';
import type { Role } from '../access/roles';
import { isScope, type Scope } from '../access/scopes';
import { AppError } from '../appError';
import { hashSecret, kindOfSecret } from './secret';

interface CredentialRow {
  secretHash: string;
  id: string;
  kind: CredentialKind;
  name: string;
  scopes: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  /** The integration credential a delegated credential came from; JSON, so its times are ISO strings. */
  parent: { revokedAt: string | null; expiresAt: string | null } | null;
  tenantId: string;
  tenantName: string | null;
  userId: string;
  /** Null when the user is not of the credential's tenant: such a credential authenticates no one. */
  user: { name: string; email: string; role: Role; status: string } | null;
  employee: { id: string; number: number; departmentId: string | null } | null;
  /** Set once a request of this look-up has asked for the `last_used_at` refresh, so its sharers do not. */
  touched?: boolean;
}

/**
 * The credentials of `secretHashes` with their tenant, their user's live role, the user's employee record and
 * their parent's state, in one round trip. Scalar subqueries rather than joins: both are one index look-up per
 * relation, and the plan of a five-way join cost several times more than running it (see bench/me.ts).
 *
 * On the pg pool under Prisma (db/prismaClient.ts sqlPool), not Prisma's $queryRaw: every REST request and MCP
 * call makes this read, and through Prisma it cost ~60 µs of CPU per request (its query interpreter, parameter and
 * row mapping) against ~20 µs on the pool (bench/mcp.ts profile). pg's default types give the rows Prisma gave:
 * timestamptz as Date, json parsed, text[] as an array. Unnamed, not a named prepared statement: the embedded
 * database keeps one session across the pool's reconnections, so a name prepared before a lost connection is
 * still there and preparing it again fails ("already exists"; hardening/auditResilience.test.ts).
 */
async function findCredentials(prisma: PrismaClient, secretHashes: string[]): Promise<CredentialRow[]> {
  const result = await sqlPool(prisma).query<CredentialRow>(CREDENTIALS_BY_SECRET_HASH, [secretHashes]);
  return result.rows;
}

const CREDENTIALS_BY_SECRET_HASH = `
  SELECT c.secret_hash AS "secretHash", c.id::text AS "id", c.kind::text AS "kind", c.name AS "name",
         c.scopes AS "scopes", c.expires_at AS "expiresAt", c.revoked_at AS "revokedAt",
         c.last_used_at AS "lastUsedAt",
         (SELECT json_build_object('revokedAt', p.revoked_at, 'expiresAt', p.expires_at)
            FROM credentials p WHERE p.id = c.parent_id) AS "parent",
         c.tenant_id::text AS "tenantId",
         (SELECT t.name FROM tenants t WHERE t.id = c.tenant_id) AS "tenantName",
         c.user_id::text AS "userId",
         (SELECT json_build_object('name', u.name, 'email', u.email, 'role', u.role, 'status', u.status)
            FROM users u WHERE u.id = c.user_id AND u.tenant_id = c.tenant_id) AS "user",
         (SELECT json_build_object('id', e.id, 'number', e.employee_number, 'departmentId', e.department_id)
            FROM employees e WHERE e.user_id = c.user_id) AS "employee"
  FROM credentials c
  WHERE c.secret_hash = ANY($1::text[])`;

/** Hashes per query: a burst of unknown tokens cannot build one huge statement. */
const maxLookupBatch = 100;

interface Waiter {
  resolve(row: CredentialRow | undefined): void;
  reject(error: unknown): void;
}

/**
 * Look-ups started in one turn of the event loop share one query (and those of one secret one row), the way
 * Prisma batches concurrent findUnique calls: under load, concurrent requests cost one round trip and one plan
 * instead of one each. A look-up joins only a query not yet sent, so every answer is read after its request
 * arrived: a revocation or role change committed before a request is always seen by it. Nothing is cached.
 */
class CredentialLookup {
  private pending = new Map<string, Waiter[]>();
  private scheduled = false;

  constructor(private readonly prisma: PrismaClient) {}

  find(secretHash: string): Promise<CredentialRow | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.pending.get(secretHash);
      if (waiters) waiters.push({ resolve, reject });
      else this.pending.set(secretHash, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        // After the poll phase: every request whose bytes arrived in this turn has asked by then.
        setImmediate(() => this.send());
      }
    });
  }

  private send(): void {
    const batch = [...this.pending];
    this.pending = new Map();
    this.scheduled = false;
    for (let start = 0; start < batch.length; start += maxLookupBatch) {
      const part = batch.slice(start, start + maxLookupBatch);
      findCredentials(
        this.prisma,
        part.map(([hash]) => hash),
      ).then(
        (rows) => {
          const byHash = new Map(rows.map((row) => [row.secretHash, row]));
          for (const [hash, waiters] of part) for (const w of waiters) w.resolve(byHash.get(hash));
        },
        (error: unknown) => {
          for (const [, waiters] of part) for (const w of waiters) w.reject(error);
        },
      );
    }
  }
}

const lookups = new WeakMap<PrismaClient, CredentialLookup>();

function lookupOf(prisma: PrismaClient): CredentialLookup {
  let lookup = lookups.get(prisma);
  if (!lookup) lookups.set(prisma, (lookup = new CredentialLookup(prisma)));
  return lookup;
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
  const credential = await lookupOf(prisma).find(hashSecret(secret));
  if (!credential || !credential.user || credential.tenantName === null) {
    throw new AppError('unauthorized', 'The token is not valid');
  }
  if (credential.revokedAt) throw new AppError('unauthorized', 'The token was revoked');
  // A deactivated user (company API, User) is stopped on their next request, whatever the credential.
  if (credential.user.status !== 'active') throw new AppError('unauthorized', 'The user of this token is not active');
  if (credential.expiresAt && credential.expiresAt <= now) throw new AppError('unauthorized', 'The token expired');
  const parent = credential.parent;
  if (parent && (parent.revokedAt || (parent.expiresAt && new Date(parent.expiresAt) <= now))) {
    throw new AppError('unauthorized', 'The integration credential behind this token was revoked or expired');
  }
  if (
    !credential.touched &&
    (!credential.lastUsedAt || now.getTime() - credential.lastUsedAt.getTime() > lastUsedResolutionMs)
  ) {
    credential.touched = true;
    // Bookkeeping only: a failed write must not fail the request, and the request need not wait for it.
    void prisma.credential
      .update({ where: { id: credential.id }, data: { lastUsedAt: now } })
      .catch((err: unknown) => process.emitWarning(`last_used_at of credential ${credential.id}: ${String(err)}`));
  }
  const { user, employee } = credential;
  return {
    tenant: { id: credential.tenantId, name: credential.tenantName },
    user: { id: credential.userId, name: user.name, email: user.email, role: user.role },
    employee: employee ? { id: employee.id, number: employee.number, departmentId: employee.departmentId } : null,
    credential: {
      id: credential.id,
      kind: credential.kind,
      name: credential.name,
      scopes: credential.scopes.filter((s): s is Scope => isScope(s)),
    },
  };
}

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { PrismaClient } from '../../db/prismaClient';
import type { CredentialKind } from '../../engines/access/actor';
import type { Role } from '../../engines/access/roles';
import { scopes as allScopes, type Scope } from '../../engines/access/scopes';
import type { Operation } from '../../operations/defineOperation';
import type { ContractExpectation } from './contractAccessTable';
import type { Combo, Sample, SampleBuilder } from './contractSamples';
import { bearer, tokenFor, type DemoKey } from './identity';

/**
 * The authorization matrix's checks, apart from its test file so that a test can run them against an app built from
 * a changed copy of the registry (test/integration/identity/matrixCatchesDrift.test.ts). Every expectation comes from
 * the hand-written table (contractAccessTable.ts); the operation gives only its method and path, to send the request.
 */
export const matrixPeople: ReadonlyArray<readonly [DemoKey, Role]> = [
  ['alice', 'EMPLOYEE'],
  ['manager', 'MANAGER'],
  ['director', 'DIRECTOR'],
  ['hr', 'HR_MANAGER'],
  ['admin', 'ADMIN'],
  ['owner', 'OWNER'],
];
export const matrixKinds: readonly CredentialKind[] = [
  'personal_access_token',
  'delegated_credential',
  'integration_credential',
  'company_api_key',
];

export interface MatrixTarget {
  app: FastifyInstance;
  prisma: PrismaClient;
}

/**
 * One credential per person, kind and scope set, minted on first use and reused by every case that asks for the
 * same (the matrix mints a few dozen instead of thousands). A delegated credential lives 15 minutes: one older than
 * ten is minted again.
 */
export function tokenCache(prisma: () => PrismaClient) {
  const minted = new Map<string, { token: string; at: number }>();
  return async (who: DemoKey, scopes: readonly Scope[], kind: CredentialKind): Promise<string> => {
    const key = `${who} ${kind} ${[...scopes].sort().join(',')}`;
    const cached = minted.get(key);
    if (cached && Date.now() - cached.at < 10 * 60_000) return cached.token;
    const token = await tokenFor(prisma(), who, scopes, { kind, name: 'matrix' });
    minted.set(key, { token, at: Date.now() });
    return token;
  };
}
export type TokenCache = ReturnType<typeof tokenCache>;

/** Sends an operation's sample with the given headers (the credential's, or none). */
export function send(
  app: FastifyInstance,
  op: Operation,
  headers: Record<string, string>,
  sample: Sample,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: (sample.method ?? op.method) as 'GET',
    url: sample.url ?? op.path,
    headers: { ...sample.headers, ...headers },
    ...(sample.payload ? { payload: sample.payload } : {}),
  });
}

/** The status the table gives a caller on the sample request (their own resource, or the one it names). */
export function expectedStatus(e: ContractExpectation, role: Role, kind: CredentialKind, scopes: readonly Scope[]) {
  const takesKind = e.kinds.includes(kind);
  // interface.md, Authentication item 3: integration credentials are an admin's; anyone else's does nothing.
  const adminsOnly = kind === 'integration_credential' && role !== 'ADMIN' && role !== 'OWNER';
  const hasScope = e.scope === 'any' ? !e.needsAScope || scopes.length > 0 : scopes.includes(e.scope);
  return takesKind && !adminsOnly && hasScope && e.roles.includes(role) ? e.status : 403;
}

/**
 * Every person × scope set (none, exactly the table's scope, all) with one credential kind: the answers that differ
 * from the table, each line naming the operation, or none.
 */
export async function roleScopeMismatches(
  target: MatrixTarget,
  op: Operation,
  e: ContractExpectation,
  sample: SampleBuilder,
  tokens: TokenCache,
  kind: CredentialKind,
): Promise<string[]> {
  const scopeSets: Array<[string, readonly Scope[]]> = [
    ['no scope', []],
    ['exactly the table’s scope', e.scope === 'any' ? [] : [e.scope]],
    ['every scope', allScopes],
  ];
  const mismatches: string[] = [];
  for (const [who, role] of matrixPeople) {
    for (const [label, scopes] of scopeSets) {
      const token = await tokens(who, scopes, kind);
      const combo: Combo = { who, role, kind, scopes, token };
      const res = await send(target.app, op, bearer(token), await sample(combo));
      const expected = expectedStatus(e, role, kind, scopes);
      if (res.statusCode !== expected) {
        mismatches.push(
          `${op.name}: ${kind} ${role} [${label}]: ${res.statusCode}, expected ${expected} ${res.body.slice(0, 160)}`,
        );
      }
    }
  }
  return mismatches;
}

/**
 * The table's visibility rule: every person, with every scope and each kind the operation takes, on Bob's resource
 * (an employee of Acme who reports to the manager): who may act, who sees it but may not (403), and who may not
 * see it at all (404, as for an unknown id).
 */
export async function othersMismatches(
  target: MatrixTarget,
  op: Operation,
  e: ContractExpectation,
  sample: SampleBuilder,
  tokens: TokenCache,
): Promise<string[]> {
  if (!e.others) return [];
  const mismatches: string[] = [];
  for (const kind of e.kinds) {
    for (const [who, role] of matrixPeople) {
      if (kind === 'integration_credential' && role !== 'ADMIN' && role !== 'OWNER') continue;
      const token = await tokens(who, allScopes, kind);
      const res = await send(
        target.app,
        op,
        bearer(token),
        await sample({ who: 'bob', role: 'EMPLOYEE', kind, scopes: allScopes, token }),
      );
      const expected = e.others.allowed.includes(role) ? e.status : e.others.forbidden.includes(role) ? 403 : 404;
      if (res.statusCode !== expected) {
        mismatches.push(
          `${op.name}: ${kind} ${role} on Bob's: ${res.statusCode}, expected ${expected} ${res.body.slice(0, 160)}`,
        );
      }
    }
  }
  return mismatches;
}

/**
 * The registry against the table without a request: an operation without a row (or a row without an operation), and
 * one whose declared scope or credential kinds differ from its row. Each line names the operation.
 */
export function registryMismatches(
  operations: readonly Operation[],
  table: Record<string, ContractExpectation>,
  isCovered: (op: Operation) => boolean,
): string[] {
  const covered = operations.filter(isCovered);
  const names = new Set(covered.map((op) => op.name));
  const out = [
    ...covered.filter((op) => !table[op.name]).map((op) => `${op.name}: no row in the table`),
    ...Object.keys(table)
      .filter((name) => !names.has(name))
      .map((name) => `${name}: a row for no operation of the registry`),
  ];
  for (const op of covered) {
    const e = table[op.name];
    if (!e) continue;
    if (op.access !== e.scope) out.push(`${op.name}: the registry says ${op.access}, the table ${e.scope}`);
    const kinds = op.credentials ?? ['personal_access_token', 'delegated_credential'];
    if ([...kinds].sort().join() !== [...e.kinds].sort().join()) {
      out.push(`${op.name}: the registry takes ${kinds.join(', ')}, the table ${e.kinds.join(', ')}`);
    }
  }
  return out;
}

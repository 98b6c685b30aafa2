import type { CredentialKind } from '../../engines/access/actor';
import { companyKeyScopes, scopes as allScopes, type Scope } from '../../engines/access/scopes';
import { matrixPeople, type MatrixTarget, type TokenCache } from './authorizationMatrix';
import type { CompanyExpectation } from './companyAccessTable';
import type { CompanySample } from './companySamples';
import { bearer, type DemoKey } from './identity';

/** Every kind the company matrix sends: the company API's three, and an integration credential (always refused). */
export const companyMatrixKinds: readonly CredentialKind[] = [
  'personal_access_token',
  'delegated_credential',
  'company_api_key',
  'integration_credential',
];

/** The status company-api.md gives a caller of `role` holding `scopes` in a credential of `kind`. */
export function expectedCompanyStatus(
  e: CompanyExpectation,
  role: (typeof matrixPeople)[number][1],
  kind: CredentialKind,
  scopes: readonly Scope[],
): number {
  const scoped = e.kinds.includes(kind) && scopes.includes(e.scope);
  const allowed = scoped && (e.alsoNeeds ?? []).every((s) => scopes.includes(s)) && e.roles.includes(role);
  return allowed ? e.status : scoped && e.notFoundFor?.includes(role) ? 404 : 403;
}

/**
 * One company operation × every person × scope set × credential kind, against its row of the company table: the
 * answers that differ from it or are not in the company shape (`{ error, reason }`), each line naming the
 * operation, or none. Shared by companyMatrix.test.ts and the drift test, which runs it on a changed registry.
 */
export async function companyMismatches(
  target: MatrixTarget,
  name: string,
  e: CompanyExpectation,
  sample: (who: DemoKey) => Promise<CompanySample>,
  tokens: TokenCache,
  kinds: readonly CredentialKind[] = companyMatrixKinds,
): Promise<string[]> {
  const mismatches: string[] = [];
  for (const kind of kinds) {
    const everything = kind === 'company_api_key' ? companyKeyScopes : allScopes;
    // An integration credential only exchanges (403 whatever it holds): every role with every scope shows it.
    const scopeSets: Array<[string, readonly Scope[]]> =
      kind === 'integration_credential'
        ? [['every scope', everything]]
        : [
            ['none', []],
            ['the scope alone', [e.scope]],
            ...(e.alsoNeeds
              ? [['the scope and what it grants', [e.scope, ...e.alsoNeeds]] as [string, readonly Scope[]]]
              : []),
            ['every scope', everything],
          ];
    for (const [who, role] of matrixPeople) {
      for (const [label, scopes] of scopeSets) {
        const token = await tokens(who, scopes, kind);
        const s = await sample(who);
        const res = await target.app.inject({
          method: s.method as 'GET',
          url: s.url,
          headers: { ...s.headers, ...bearer(token) },
          ...(s.payload ? { payload: s.payload } : {}),
        });
        const expected = expectedCompanyStatus(e, role, kind, scopes);
        const line = `${name}: ${kind} ${role} [${label}]: ${res.statusCode}`;
        if (res.statusCode !== expected) mismatches.push(`${line}, expected ${expected} ${res.body.slice(0, 160)}`);
        else if (res.statusCode >= 400 && !isCompanyError(res.body))
          mismatches.push(`${line} not as { error, reason }`);
      }
    }
  }
  return mismatches;
}

function isCompanyError(body: string): boolean {
  try {
    return (
      Object.keys(JSON.parse(body) as object)
        .sort()
        .join() === 'error,reason'
    );
  } catch {
    // Not JSON at all: not the company shape either.
    return false;
  }
}

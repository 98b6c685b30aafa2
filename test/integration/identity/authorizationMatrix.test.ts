import { operations } from '../../../operations';
import type { Operation } from '../../../operations/defineOperation';
import { scopes as allScopes } from '../../../engines/access/scopes';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import {
  matrixKinds,
  othersMismatches,
  registryMismatches,
  roleScopeMismatches,
  send,
  tokenCache,
} from '../../support/authorizationMatrix';
import { companyAccessTable } from '../../support/companyAccessTable';
import { contractAccessTable, publicOperations } from '../../support/contractAccessTable';
import { contractSamples } from '../../support/contractSamples';
import { bearer, tokenFor } from '../../support/identity';

/**
 * Every registry operation: missing, malformed, revoked and expired credentials, and the other tenant; and every
 * operation outside the company API × every role × every scope set (none, exactly the table's, all) × every
 * credential kind, plus who may see another person's resource. The expectations come only from
 * test/support/contractAccessTable.ts, written from interface.md (the company API's, written from company-api.md in
 * test/support/companyAccessTable.ts, are checked by test/integration/company/companyMatrix.test.ts): a scope, a
 * credential kind or a visibility rule that drifts in the code fails here, and an operation added to the registry
 * fails until it has a row and a sample.
 */
let h: ApiHarness;
const samples = contractSamples(() => h.db.prisma);
const tokens = tokenCache(() => h.db.prisma);
const target = () => ({ app: h.app, prisma: h.db.prisma });

const guarded = operations.filter((op) => op.access !== 'public');
/** The company API's operations (`/api/<area>`): their role × scope × kind cases are companyMatrix.test.ts's. */
const isCompanyOperation = (op: Operation) =>
  op.path.startsWith('/api/') && !op.path.startsWith('/api/v1/') && op.path !== '/api/mcp';

beforeAll(async () => {
  // The matrix sends thousands of requests, many without a token (one budget per client address).
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '1000000' });
});
afterAll(() => h?.close());

describe('the authorization matrix', () => {
  it('has exactly one row of the contract table for every operation outside the company API, agreeing with it', () => {
    expect(
      registryMismatches(operations, contractAccessTable, (op) => op.access !== 'public' && !isCompanyOperation(op)),
    ).toEqual([]);
  });

  it('has exactly one row, in the contract table or the company table, for every guarded operation', () => {
    const rowsOf = (name: string) => [contractAccessTable[name], companyAccessTable[name]].filter(Boolean).length;
    expect(guarded.filter((op) => rowsOf(op.name) !== 1).map((op) => `${op.name}: ${rowsOf(op.name)} rows`)).toEqual(
      [],
    );
  });

  it('makes public only the operations the contract leaves without a credential', () => {
    expect(
      operations
        .filter((op) => op.access === 'public')
        .map((op) => op.name)
        .sort(),
    ).toEqual([...publicOperations].sort());
  });

  it('has a sample request for every guarded operation of the registry', () => {
    expect(guarded.map((op) => op.name).filter((name) => !samples[name])).toEqual([]);
  });

  describe.each(guarded.map((op) => [op.name, op] as const))('%s', (_name, op) => {
    it('answers 401 for missing, malformed, unknown, revoked and expired credentials', async () => {
      const sample = await samples[op.name]!({
        who: 'alice',
        role: 'EMPLOYEE',
        kind: 'personal_access_token',
        scopes: [],
        token: '',
      });
      const revoked = await tokenFor(h.db.prisma, 'hr', allScopes, { name: 'matrix-revoked' });
      await h.db.prisma.credential.updateMany({ where: { name: 'matrix-revoked' }, data: { revokedAt: new Date() } });
      const expired = await tokenFor(h.db.prisma, 'hr', allScopes, { expiresAt: new Date(Date.now() - 1) });
      for (const headers of [
        {} as Record<string, string>,
        { authorization: 'Bearer hrp_x' },
        bearer(`hrp_${'0'.repeat(49)}`),
        bearer(revoked),
        bearer(expired),
      ]) {
        const res = await send(h.app, op, headers, sample);
        expect({ headers, status: res.statusCode }).toEqual({ headers, status: 401 });
      }
    });

    const row = contractAccessTable[op.name];
    if (!isCompanyOperation(op) && row) {
      it.each(matrixKinds)(
        'answers each role with each scope set as the contract table says, for a %s',
        async (kind) => {
          expect(await roleScopeMismatches(target(), op, row, samples[op.name]!, tokens, kind)).toEqual([]);
        },
      );

      if (row.others) {
        it('answers on another person’s resource as the contract table says (404 for who may not see it)', async () => {
          expect(await othersMismatches(target(), op, row, samples[op.name]!, tokens)).toEqual([]);
        });
      }
    }

    it('never shows one workspace anything of another', async () => {
      const acmeIds = [
        ...(await h.db.prisma.tenant.findMany({ where: { domain: 'acme.test' }, select: { id: true } })),
        ...(await h.db.prisma.user.findMany({ where: { email: { endsWith: '@acme.test' } }, select: { id: true } })),
      ].map((r) => r.id);
      for (const [who, kind] of [
        ['globexHr', 'personal_access_token'],
        ['globexHr', 'company_api_key'],
        ['dan', 'delegated_credential'],
      ] as const) {
        // Fresh credentials: a company sample may change what Globex's people hold.
        const token = await tokenFor(h.db.prisma, who, allScopes, { kind });
        const res = await send(
          h.app,
          op,
          bearer(token),
          await samples[op.name]!({ who, role: 'HR_MANAGER', kind, scopes: allScopes, token }),
        );
        for (const id of acmeIds) expect(res.body).not.toContain(id);
        expect(res.body).not.toContain('@acme.test');
      }
    });
  });
});

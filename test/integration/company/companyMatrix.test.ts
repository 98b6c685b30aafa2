import { personFieldAccess } from '../../../engines/access/fieldAccess';
import type { Role } from '../../../engines/access/roles';
import { companyKeyScopes, scopes as allScopes } from '../../../engines/access/scopes';
import { hashSecret } from '../../../engines/tokens/secret';
import { operations } from '../../../operations';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { tokenCache } from '../../support/authorizationMatrix';
import { companyAccessTable, HR_AND_UP, THREE_KINDS } from '../../support/companyAccessTable';
import { companyMismatches } from '../../support/companyMatrix';
import { bearer, tokenFor, type DemoKey } from '../../support/identity';
import { companySamples } from '../../support/companySamples';

/**
 * The company API's authorization matrix, every expectation read from test/support/companyAccessTable.ts (written
 * from company-api.md and interface.md, Authentication items 1 and 7), never from the registry: each company
 * operation × role × scope set × credential kind, the other workspace, and the field-level rules. An operation added
 * to the company API fails this test until someone writes down what the spec says of it.
 */
// The table, written from company-api.md: test/support/companyAccessTable.ts (a new operation adds its row there).
const spec = companyAccessTable;

let h: ApiHarness;
// One credential per person, kind and scope set, reused by every operation (the matrix's run time is in minting).
const tokens = tokenCache(() => h.db.prisma);
beforeAll(async () => {
  h = await startApiHarness({ SVC_HR_RATE_LIMIT_PER_MINUTE: '1000000' });
});
afterAll(() => h?.close());

const acmePeople: Array<[DemoKey, Role]> = [
  ['alice', 'EMPLOYEE'],
  ['manager', 'MANAGER'],
  ['director', 'DIRECTOR'],
  ['hr', 'HR_MANAGER'],
  ['admin', 'ADMIN'],
  ['owner', 'OWNER'],
];
const emailOf = (who: DemoKey) =>
  who === 'globexHr' ? 'hr@globex.test' : who === 'dan' ? 'dan@globex.test' : `${who}@acme.test`;
const employeeOf = async (who: DemoKey) =>
  (await h.db.prisma.employee.findFirstOrThrow({ where: { email: emailOf(who) } })).id;

let n = 0;
async function acmeEmployee(): Promise<string> {
  const acme = await h.db.prisma.tenant.findUniqueOrThrow({ where: { domain: 'acme.test' } });
  const top = await h.db.prisma.employee.aggregate({ where: { tenantId: acme.id }, _max: { employeeNumber: true } });
  return (
    await h.db.prisma.employee.create({
      data: {
        tenantId: acme.id,
        employeeNumber: top._max.employeeNumber! + 1,
        name: `Company Matrix ${++n}`,
        email: `company.matrix.${n}@example.test`,
        jobTitle: 'Tester',
        hireDate: new Date('2026-01-05T00:00:00Z'),
      },
    })
  ).id;
}
async function acmeKey(): Promise<string> {
  const secret = await tokenFor(h.db.prisma, 'hr', ['people:read'], {
    kind: 'company_api_key',
    name: 'company-matrix',
  });
  return (await h.db.prisma.credential.findUniqueOrThrow({ where: { secretHash: hashSecret(secret) } })).id;
}

type Sample = { method: string; url: string; payload?: object; headers?: Record<string, string> };
const samples: Record<string, (who: DemoKey) => Promise<Sample>> = {
  list_people: async () => ({ method: 'GET', url: '/api/people' }),
  get_person: async (who) => ({ method: 'GET', url: `/api/people/${await employeeOf(who)}` }),
  create_person: async () => ({
    method: 'POST',
    url: '/api/people',
    payload: { name: 'M', email: `cm.${++n}@example.test`, jobTitle: 'T', hireDate: '2026-12-01' },
  }),
  update_person: async (who) => ({
    method: 'PATCH',
    url: `/api/people/${await employeeOf(who)}`,
    payload: { phone: '+1 555 0101' },
  }),
  terminate_person: async () => ({
    method: 'POST',
    url: `/api/people/${await acmeEmployee()}/terminate`,
    payload: { terminationDate: '2027-03-31', reason: 'matrix' },
  }),
  list_company_api_keys: async () => ({ method: 'GET', url: '/api/company-api-keys' }),
  get_company_api_key: async () => ({ method: 'GET', url: `/api/company-api-keys/${await acmeKey()}` }),
  create_company_api_key: async () => ({
    method: 'POST',
    url: '/api/company-api-keys',
    payload: { name: 'matrix', scopes: ['people:read'] },
  }),
  rotate_company_api_key: async () => ({ method: 'POST', url: `/api/company-api-keys/${await acmeKey()}/rotate` }),
  revoke_company_api_key: async () => ({ method: 'DELETE', url: `/api/company-api-keys/${await acmeKey()}` }),
  ...companySamples(() => h.db.prisma),
};

const send = (token: string, s: Sample) =>
  h.app.inject({
    method: s.method as 'GET',
    url: s.url,
    headers: { ...s.headers, ...bearer(token) },
    ...(s.payload ? { payload: s.payload } : {}),
  });

// accept_user_invitation is public (the invitation is its credential): test/integration/company/users.test.ts.
const companyOperations = operations.filter(
  (op) =>
    op.path.startsWith('/api/') && !op.path.startsWith('/api/v1/') && op.path !== '/api/mcp' && op.access !== 'public',
);

describe('the company API authorization matrix', () => {
  it('has an expectation written from the spec for every company operation', () => {
    expect(companyOperations.map((op) => op.name).sort()).toEqual(Object.keys(spec).sort());
    for (const op of companyOperations) {
      expect({ op: op.name, scope: op.access }).toEqual({ op: op.name, scope: spec[op.name]!.scope });
    }
  });

  describe.each(Object.entries(spec))('%s', (name, e) => {
    it('answers every role × scope set × credential kind as company-api.md says', async () => {
      expect(await companyMismatches({ app: h.app, prisma: h.db.prisma }, name, e, samples[name]!, tokens)).toEqual([]);
    });

    it('answers 401 in the company shape without a credential, with an unknown, a revoked and an expired one', async () => {
      const sample = await samples[name]!('hr');
      const revoked = await tokenFor(h.db.prisma, 'hr', [e.scope, ...(e.alsoNeeds ?? [])]);
      await h.db.prisma.credential.update({
        where: { secretHash: hashSecret(revoked) },
        data: { revokedAt: new Date() },
      });
      const expired = await tokenFor(h.db.prisma, 'hr', [e.scope, ...(e.alsoNeeds ?? [])], {
        expiresAt: new Date(Date.now() - 1),
      });
      for (const [label, headers] of [
        ['none', {}],
        ['unknown', bearer('hrp_not_a_real_token')],
        ['revoked', bearer(revoked)],
        ['expired', bearer(expired)],
      ] as Array<[string, Record<string, string>]>) {
        const res = await h.app.inject({
          method: sample.method as 'GET',
          url: sample.url,
          headers: { ...sample.headers, ...headers },
          ...(sample.payload ? { payload: sample.payload } : {}),
        });
        expect({ label, status: res.statusCode, body: res.json() }).toEqual({
          label,
          status: 401,
          body: { error: 'unauthorized', reason: expect.any(String) },
        });
      }
    });

    it('never reaches into another workspace: Globex’s HR gets 404 on Acme’s records and sees none in lists', async () => {
      const sample = await samples[name]!('alice');
      const acmeIds = (await h.db.prisma.employee.findMany({ where: { email: { endsWith: '@acme.test' } } })).map(
        (r) => r.id,
      );
      for (const kind of THREE_KINDS) {
        if (!e.kinds.includes(kind)) continue;
        const scopes = kind === 'company_api_key' ? companyKeyScopes : allScopes;
        const token = await tokenFor(h.db.prisma, 'globexHr', scopes, { kind });
        const res = await send(token, sample);
        if (/\{|\/[0-9a-f-]{36}/.test(sample.url))
          expect({ kind, status: res.statusCode }).toEqual({ kind, status: 404 });
        // An id the caller sent may come back in the reason; any other of Acme's would be a leak.
        const sent = sample.url + JSON.stringify(sample.payload ?? {});
        for (const id of acmeIds.filter((i) => !sent.includes(i))) expect(res.body).not.toContain(id);
        expect(res.body).not.toContain('@acme.test');
      }
    });
  });
});

describe('field-level access (company-api.md, "Sensitive fields")', () => {
  const written = ['dateOfBirth', 'homeAddress', 'nationalId', 'bankAccountIban'];
  const sensitive = Object.entries(personFieldAccess)
    .filter(([, rule]) => rule.read === 'sensitive')
    .map(([field]) => field);

  it('marks at least the fields the spec names as sensitive', () => {
    expect(sensitive).toEqual(expect.arrayContaining(written));
  });

  it.each(acmePeople)(
    '%s (%s) reads another’s sensitive fields only as HR, ADMIN or OWNER; their own always',
    async (who, role) => {
      const bob = await employeeOf('bob');
      await h.db.prisma.employee.update({
        where: { id: bob },
        data: {
          nationalId: 'BOB-NI-1',
          dateOfBirth: new Date('1990-01-01T00:00:00Z'),
          homeAddress: 'Bob St',
          bankAccountIban: 'GB82WEST12345698765432',
        },
      });
      for (const kind of THREE_KINDS) {
        const token = await tokenFor(h.db.prisma, who, kind === 'company_api_key' ? companyKeyScopes : allScopes, {
          kind,
        });
        const other = await send(token, { method: 'GET', url: `/api/people/${bob}` });
        // Bob reports to the manager, in the director's department: everyone here but Alice may see him.
        if (role === 'EMPLOYEE') {
          expect(other.statusCode).toBe(404);
        } else {
          expect(other.statusCode).toBe(200);
          const person = other.json().data.person;
          const shown = sensitive.filter((f) => f in person);
          expect({ kind, role, shown }).toEqual({ kind, role, shown: HR_AND_UP.includes(role) ? sensitive : [] });
          if (!HR_AND_UP.includes(role)) expect(other.body).not.toContain('BOB-NI-1');
        }
        const own = (await send(token, { method: 'GET', url: `/api/people/${await employeeOf(who)}` })).json().data
          .person;
        expect({ kind, shown: sensitive.filter((f) => f in own) }).toEqual({ kind, shown: sensitive });
      }
    },
  );
});

import { verifyExport } from '../../../scripts/verifyAuditExport';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor } from '../../support/identity';

let h: ApiHarness;
let hr: string;
let alice: string;
let globexHr: string;

beforeAll(async () => {
  h = await startApiHarness();
  [hr, alice, globexHr] = await Promise.all([
    tokenFor(h.db.prisma, 'hr'),
    tokenFor(h.db.prisma, 'alice'),
    tokenFor(h.db.prisma, 'globexHr'),
  ]);
});

afterAll(() => h?.close());

const get = (url: string, token?: string) => h.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

type Listed = { data: { records: Array<{ id: string; operation: string; userId: string; arguments: unknown }> } };

describe('the audit trail over REST', () => {
  it('records a write under the id of its X-Audit-Id header, without its secrets, for HR to list', async () => {
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/v1/tokens',
      headers: bearer(alice),
      payload: { name: 'laptop', scopes: ['leave:read'] },
    });
    expect(created.statusCode).toBe(201);
    const auditId = created.headers['x-audit-id'];
    const secret = (created.json() as { data: { secret: string } }).data.secret;

    const listed = (await get('/api/v1/agent/audit?operation=create_personal_access_token', hr)).json() as Listed;
    const record = listed.data.records.find((r) => r.id === auditId);
    expect(record).toMatchObject({
      operation: 'create_personal_access_token',
      arguments: { body: { name: 'laptop' } },
    });
    expect(JSON.stringify(listed)).not.toContain(secret);
  });

  it("shows an employee only their own calls and another workspace's HR nothing of this one", async () => {
    const aliceUser = await h.db.prisma.user.findUniqueOrThrow({ where: { email: 'alice@acme.test' } });
    const own = (await get('/api/v1/agent/audit', alice)).json() as Listed;
    expect(own.data.records.length).toBeGreaterThan(0);
    expect(own.data.records.every((r) => r.userId === aliceUser.id)).toBe(true);
    const globex = (await get(`/api/v1/agent/audit?userId=${aliceUser.id}`, globexHr)).json() as Listed;
    expect(globex.data.records).toEqual([]);
  });

  it('streams an NDJSON export that verifies against the published public key', async () => {
    const res = await get('/api/v1/agent/audit/export', hr);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="svc-hr-audit-.*\.ndjson"; filename\*=UTF-8''svc-hr-audit-.*\.ndjson$/,
    );
    const key = (await get('/api/v1/agent/audit/public-key')).json() as { data: { publicKeyPem: string } };
    expect(await verifyExport([res.body], key.data.publicKeyPem)).toMatchObject({ scope: 'tenant' });
  });

  it('verifies the stored trail for HR and refuses an employee with 403', async () => {
    const ok = await h.app.inject({
      method: 'POST',
      url: '/api/v1/agent/audit/verify',
      headers: bearer(hr),
      payload: {},
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ data: { ok: true } });
    const refused = await h.app.inject({ method: 'POST', url: '/api/v1/agent/audit/verify', headers: bearer(alice) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'forbidden' } });
  });

  it('answers the public key without a credential', async () => {
    const res = await get('/api/v1/agent/audit/public-key');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { algorithm: 'Ed25519', keyId: expect.stringMatching(/^[0-9a-f]{64}$/), publicKeyPem: expect.any(String) },
    });
  });
});

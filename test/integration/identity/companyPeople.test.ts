import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor } from '../../support/identity';

let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness();
});
afterAll(() => h?.close());

const people = (headers: Record<string, string>, query = '') =>
  h.app.inject({ method: 'GET', url: `/api/people${query}`, headers });

describe('GET /api/people (company API)', () => {
  it('lists the whole workspace for an HR manager’s key, a page at a time', async () => {
    const key = await tokenFor(h.db.prisma, 'hr', ['people:read'], { kind: 'company_api_key' });
    const acme = await h.db.prisma.tenant.findUniqueOrThrow({ where: { domain: 'acme.test' } });
    const total = await h.db.prisma.employee.count({ where: { tenantId: acme.id } });
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await people(
        { ...bearer(key), 'x-tenant-id': acme.id },
        `?limit=20${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      seen.push(...data.people.map((p: { employeeId: number }) => p.employeeId));
      cursor = data.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('accepts the key without the Bearer scheme', async () => {
    const key = await tokenFor(h.db.prisma, 'admin', ['people:read'], { kind: 'company_api_key' });
    expect((await people({ authorization: key })).statusCode).toBe(200);
  });

  it('follows the creator’s live role: a key of an HR manager demoted to EMPLOYEE sees only that person', async () => {
    const key = await tokenFor(h.db.prisma, 'hr', ['people:read'], { kind: 'company_api_key' });
    await h.db.prisma.user.update({ where: { email: 'hr@acme.test' }, data: { role: 'EMPLOYEE' } });
    try {
      const res = await people(bearer(key));
      expect(res.json().data.people.map((p: { email: string }) => p.email)).toEqual(['hr@acme.test']);
    } finally {
      await h.db.prisma.user.update({ where: { email: 'hr@acme.test' }, data: { role: 'HR_MANAGER' } });
    }
  });

  it('answers errors as { error, reason }', async () => {
    const missing = await people({});
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ error: 'unauthorized', reason: expect.any(String) });

    const narrowPat = await tokenFor(h.db.prisma, 'hr', ['leave:read']);
    const noScope = await people(bearer(narrowPat));
    expect(noScope.statusCode).toBe(403);
    expect(noScope.json()).toEqual({ error: 'forbidden', reason: expect.stringContaining('people:read') });

    const integration = await tokenFor(h.db.prisma, 'admin', ['people:read'], { kind: 'integration_credential' });
    const wrongKind = await people(bearer(integration));
    expect(wrongKind.statusCode).toBe(403);
    expect(wrongKind.json()).toEqual({ error: 'forbidden', reason: expect.stringContaining('company API key') });

    const key = await tokenFor(h.db.prisma, 'hr', ['people:read'], { kind: 'company_api_key' });
    const bad = await people(bearer(key), '?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'bad_request', reason: expect.stringMatching(/^limit: /) });

    const globex = await h.db.prisma.tenant.findUniqueOrThrow({ where: { domain: 'globex.test' } });
    const otherTenant = await people({ ...bearer(key), 'x-tenant-id': globex.id });
    expect(otherTenant.statusCode).toBe(403);
    expect(otherTenant.json().error).toBe('forbidden');

    const notAUuid = await people({ ...bearer(key), 'x-tenant-id': 'acme' });
    expect(notAUuid.statusCode).toBe(400);
    expect(notAUuid.json()).toEqual({ error: 'bad_request', reason: "x-tenant-id: must be the workspace's uuid" });
  });

  it('never lists another workspace’s people', async () => {
    const key = await tokenFor(h.db.prisma, 'globexHr', ['people:read'], { kind: 'company_api_key' });
    const res = await people(bearer(key), '?limit=200');
    expect(
      res
        .json()
        .data.people.map((p: { email: string }) => p.email)
        .sort(),
    ).toEqual(['dan@globex.test', 'hr@globex.test']);
  });
});

import { demoPeople } from '../../../prisma/seed';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor } from '../../support/identity';

let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness();
});
afterAll(() => h?.close());

const me = (headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url: '/api/v1/me', headers });

describe('GET /api/v1/me', () => {
  it('answers exactly the contract fields for a personal access token', async () => {
    const token = await tokenFor(h.db.prisma, 'hr', ['leave:read', 'reports:read'], { name: 'laptop' });
    const res = await me(bearer(token));
    expect(res.statusCode).toBe(200);
    const tenant = await h.db.prisma.tenant.findUniqueOrThrow({ where: { domain: 'acme.test' } });
    const user = await h.db.prisma.user.findUniqueOrThrow({ where: { email: 'hr@acme.test' } });
    expect(res.json()).toEqual({
      data: {
        token: { name: 'laptop', scopes: ['leave:read', 'reports:read'] },
        user: { id: user.id, name: demoPeople.hr.name, email: 'hr@acme.test', role: 'HR_MANAGER' },
        tenant: { id: tenant.id, name: 'Acme' },
        employee_id: demoPeople.hr.employeeNumber,
      },
    });
  });

  it('answers a delegated credential as the user it acts for', async () => {
    const token = await tokenFor(h.db.prisma, 'alice', ['agent:run', 'agent:read'], { kind: 'delegated_credential' });
    const res = await me(bearer(token));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.email).toBe('alice@acme.test');
    expect(res.json().data.token.scopes).toEqual(['agent:read', 'agent:run']);
  });

  it.each([
    ['no Authorization header', {}],
    ['a malformed token', { authorization: 'Bearer not-a-token' }],
    [
      'a well-formed but unknown token',
      { authorization: 'Bearer hrp_000000000000000000000000000000000000000000000000000' },
    ],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
  ])('answers 401 in the envelope for %s', async (_what, headers) => {
    const res = await me(headers as Record<string, string>);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
  });

  it('answers 401 for a revoked token', async () => {
    const token = await tokenFor(h.db.prisma, 'alice');
    expect((await me(bearer(token))).statusCode).toBe(200);
    await h.db.prisma.credential.updateMany({
      where: { name: 'test token of alice' },
      data: { revokedAt: new Date() },
    });
    const res = await me(bearer(token));
    expect([res.statusCode, res.json().error.message]).toEqual([401, 'The token was revoked']);
  });

  it('answers 401 for an expired token', async () => {
    const token = await tokenFor(h.db.prisma, 'bob', ['leave:read'], { expiresAt: new Date(Date.now() - 1000) });
    const res = await me(bearer(token));
    expect([res.statusCode, res.json().error.message]).toEqual([401, 'The token expired']);
  });

  it('reads the role live: a demoted manager is an EMPLOYEE on the next request of the same token', async () => {
    const token = await tokenFor(h.db.prisma, 'manager');
    expect((await me(bearer(token))).json().data.user.role).toBe('MANAGER');
    await h.db.prisma.user.update({ where: { email: 'manager@acme.test' }, data: { role: 'EMPLOYEE' } });
    try {
      expect((await me(bearer(token))).json().data.user.role).toBe('EMPLOYEE');
    } finally {
      await h.db.prisma.user.update({ where: { email: 'manager@acme.test' }, data: { role: 'MANAGER' } });
    }
  });

  it('answers 403 when x-tenant-id names another workspace', async () => {
    const token = await tokenFor(h.db.prisma, 'alice');
    const globex = await h.db.prisma.tenant.findUniqueOrThrow({ where: { domain: 'globex.test' } });
    const res = await me({ ...bearer(token), 'x-tenant-id': globex.id });
    expect(res.statusCode).toBe(403);
  });

  it('answers 403 to an integration credential, which only exchanges', async () => {
    const token = await tokenFor(h.db.prisma, 'admin', ['agent:run'], { kind: 'integration_credential' });
    const res = await me(bearer(token));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toMatch(/does not accept an integration credential/);
  });

  it('records the use of a token, at most once a minute', async () => {
    const token = await tokenFor(h.db.prisma, 'carol', ['leave:read'], { name: 'carol-usage' });
    expect((await h.db.prisma.credential.findFirstOrThrow({ where: { name: 'carol-usage' } })).lastUsedAt).toBeNull();
    await me(bearer(token));
    const { waitFor } = await import('../../support/waitFor');
    await waitFor('last_used_at', async () =>
      Boolean((await h.db.prisma.credential.findFirstOrThrow({ where: { name: 'carol-usage' } })).lastUsedAt),
    );
  });
});

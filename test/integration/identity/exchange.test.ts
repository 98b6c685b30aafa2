import { demoPeople } from '../../../prisma/seed';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor } from '../../support/identity';

let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness();
});
afterAll(() => h?.close());

const userId = async (email: string) => (await h.db.prisma.user.findUniqueOrThrow({ where: { email } })).id;
const exchange = (token: string, payload: object) =>
  h.app.inject({ method: 'POST', url: '/api/v1/agent/token', headers: bearer(token), payload });

describe('POST /api/v1/agent/token (exchange_agent_token)', () => {
  it('mints a delegated credential for an existing user with the intersection of scopes', async () => {
    const integration = await tokenFor(h.db.prisma, 'admin', ['agent:run', 'agent:read', 'leave:read'], {
      kind: 'integration_credential',
    });
    const res = await exchange(integration, {
      userId: await userId('alice@acme.test'),
      externalSessionId: 'sess-1',
      scopes: ['agent:run', 'agent:read', 'audit:read'],
    });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ tokenType: 'Bearer', scopes: ['agent:read', 'agent:run'] });
    expect(data.accessToken).toMatch(/^hrd_/);
    const lifetime = new Date(data.expiresAt).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(14 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60_000);
    const me = await h.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(data.accessToken) });
    expect(me.json().data.user).toMatchObject({ email: 'alice@acme.test', role: demoPeople.alice.role });
  });

  it('answers 404 for a user of another workspace, minting nothing', async () => {
    const integration = await tokenFor(h.db.prisma, 'admin', ['agent:run'], { kind: 'integration_credential' });
    const before = await h.db.prisma.credential.count({ where: { kind: 'delegated_credential' } });
    const res = await exchange(integration, {
      userId: await userId('dan@globex.test'),
      externalSessionId: 's',
      scopes: ['agent:run'],
    });
    expect(res.statusCode).toBe(404);
    expect(await h.db.prisma.credential.count({ where: { kind: 'delegated_credential' } })).toBe(before);
  });

  it('answers 409 for an invited or deactivated user, minting nothing: no credential works for them', async () => {
    const integration = await tokenFor(h.db.prisma, 'admin', ['agent:run'], { kind: 'integration_credential' });
    const carol = await userId('carol@acme.test');
    const before = await h.db.prisma.credential.count({ where: { kind: 'delegated_credential' } });
    try {
      for (const status of ['invited', 'deactivated']) {
        await h.db.prisma.user.update({ where: { id: carol }, data: { status } });
        const res = await exchange(integration, { userId: carol, externalSessionId: 's', scopes: ['agent:run'] });
        expect([res.statusCode, res.json().error.code]).toEqual([409, 'conflict']);
        expect(res.json().error.message).toContain(`is ${status}`);
      }
    } finally {
      await h.db.prisma.user.update({ where: { id: carol }, data: { status: 'active' } });
    }
    expect(await h.db.prisma.credential.count({ where: { kind: 'delegated_credential' } })).toBe(before);
  });

  it('answers 403 when none of the requested scopes is held', async () => {
    const integration = await tokenFor(h.db.prisma, 'admin', ['agent:run'], { kind: 'integration_credential' });
    const res = await exchange(integration, {
      userId: await userId('bob@acme.test'),
      externalSessionId: 's',
      scopes: ['audit:read'],
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers 403 to a personal access token and to a delegated credential: only integration credentials exchange', async () => {
    for (const kind of ['personal_access_token', 'delegated_credential'] as const) {
      const token = await tokenFor(h.db.prisma, 'admin', ['agent:run'], { kind });
      const res = await exchange(token, {
        userId: await userId('bob@acme.test'),
        externalSessionId: 's',
        scopes: ['agent:run'],
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it('answers 400 naming the field for a bad body, minting nothing', async () => {
    const integration = await tokenFor(h.db.prisma, 'admin', ['agent:run'], { kind: 'integration_credential' });
    const before = await h.db.prisma.credential.count({ where: { kind: 'delegated_credential' } });
    for (const [payload, field] of [
      [{ externalSessionId: 's', scopes: ['agent:run'] }, 'userId'],
      [{ userId: 'nope', externalSessionId: 's', scopes: ['agent:run'] }, 'userId'],
      [{ userId: await userId('bob@acme.test'), scopes: ['agent:run'] }, 'externalSessionId'],
      [
        {
          userId: await userId('bob@acme.test'),
          externalSessionId: 's',
          scopes: ['agent:run'],
          expiresInSeconds: 7200,
        },
        'expiresInSeconds',
      ],
    ] as const) {
      const res = await exchange(integration, payload);
      expect([res.statusCode, res.json().error.code, res.json().error.message.split(':')[0]]).toEqual([
        400,
        'validation_error',
        field,
      ]);
    }
    expect(await h.db.prisma.credential.count({ where: { kind: 'delegated_credential' } })).toBe(before);
  });

  it('ends every delegated credential of an integration credential when that one is revoked', async () => {
    const integration = await tokenFor(h.db.prisma, 'owner', ['agent:run'], {
      kind: 'integration_credential',
      name: 'to-revoke',
    });
    const res = await exchange(integration, {
      userId: await userId('bob@acme.test'),
      externalSessionId: 's',
      scopes: ['agent:run'],
    });
    const delegated = res.json().data.accessToken;
    const me = () => h.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(delegated) });
    expect((await me()).statusCode).toBe(200);
    await h.db.prisma.credential.updateMany({ where: { name: 'to-revoke' }, data: { revokedAt: new Date() } });
    expect((await me()).statusCode).toBe(401);
  });
});

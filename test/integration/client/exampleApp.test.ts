import { startApiHarness, type ApiHarness } from '../../support/apiHarness';

/**
 * The example app's operations (get_example_page, get_example_asset, create_example_session) through the API:
 * on only when configured, the demo backend answers delegated credentials only, and bad input writes nothing.
 * Who it refuses, and from where: test/integration/hardening/exampleSession.test.ts.
 * The page itself needs `npm run build` (client/example/dist).
 */
let on: ApiHarness;
let off: ApiHarness;

beforeAll(async () => {
  [on, off] = await Promise.all([startApiHarness({ SVC_HR_EXAMPLE_APP: 'true' }), startApiHarness()]);
});

afterAll(async () => {
  await Promise.all([on?.close(), off?.close()]);
});

const session = (h: ApiHarness, payload: object) =>
  h.app.inject({ method: 'POST', url: '/example/api/session', payload });

describe('the example app operations', () => {
  it('serves the page and its assets', async () => {
    const page = await on.app.inject({ method: 'GET', url: '/example/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const script = /src="\/example\/assets\/([^"]+\.js)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    const asset = await on.app.inject({ method: 'GET', url: `/example/assets/${script}` });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/^text\/javascript/);
    expect(asset.body).toContain('svchr-panel');
  });

  it('answers 404 for an asset outside the build, or of an unknown type', async () => {
    for (const name of ['..%2F..%2Fpackage.json', '.env', 'missing.js', 'index.html']) {
      const res = await on.app.inject({ method: 'GET', url: `/example/assets/${name}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  });

  it('exchanges its own integration credential for a delegated credential of the demo user', async () => {
    const before = await on.db.prisma.credential.count();
    const res = await session(on, { email: 'alice@acme.test' });
    expect(res.statusCode).toBe(201);
    const data = res.json<{ data: { accessToken: string; scopes: string[]; email: string } }>().data;
    expect(data.accessToken).toMatch(/^hrd_/);
    expect(data.email).toBe('alice@acme.test');
    expect(data.scopes).toContain('agent:run');
    expect(res.body).not.toContain('hri_');
    // The credential works as Alice, and was minted from the example backend's integration credential.
    const me = await on.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${data.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.body).toContain('alice@acme.test');
    const minted = await on.db.prisma.credential.findMany({
      where: { createdAt: { gte: new Date(Date.now() - 60_000) } },
    });
    expect(minted.map((c) => c.kind).sort()).toEqual(['delegated_credential', 'integration_credential']);
    expect(await on.db.prisma.credential.count()).toBe(before + 2);
    // A second sign-in reuses the held integration credential.
    expect((await session(on, { email: 'bob@acme.test' })).statusCode).toBe(201);
    expect(await on.db.prisma.credential.count({ where: { kind: 'integration_credential' } })).toBe(1);
  });

  it('refuses bad input and users outside the demo workspace, writing nothing', async () => {
    const before = await on.db.prisma.credential.count({ where: { kind: 'delegated_credential' } });
    const cases: Array<[object, number, string]> = [
      [{}, 400, 'validation_error'],
      [{ email: 'not-an-email' }, 400, 'validation_error'],
      [{ email: 'alice@acme.test', extra: 1 }, 400, 'validation_error'],
      [{ email: 'nobody@acme.test' }, 403, 'forbidden'],
      [{ email: 'dan@globex.test' }, 403, 'forbidden'],
      [{ email: 'owner@acme.test' }, 403, 'forbidden'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await session(on, payload);
      expect({ payload, status: res.statusCode, code: res.json<{ error: { code: string } }>().error.code }).toEqual({
        payload,
        status,
        code,
      });
    }
    expect(await on.db.prisma.credential.count({ where: { kind: 'delegated_credential' } })).toBe(before);
  });

  it('is off unless configured: every example operation answers 404 and mints nothing', async () => {
    expect((await off.app.inject({ method: 'GET', url: '/example/' })).statusCode).toBe(404);
    expect((await off.app.inject({ method: 'GET', url: '/example/assets/x.js' })).statusCode).toBe(404);
    const res = await session(off, { email: 'alice@acme.test' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    expect(await off.db.prisma.credential.count({ where: { kind: 'integration_credential' } })).toBe(0);
  });
});

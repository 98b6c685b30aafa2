import { startApiHarness, type ApiHarness } from '../../support/apiHarness';

/**
 * The example app's demo backend (create_example_session) mints delegated credentials without any sign-in, so it
 * must never mint one for anyone but the demo employees and their manager, for anyone but this machine: a request
 * for the owner, an admin, another workspace's user, or from another address answers 403 and writes nothing.
 */
let h: ApiHarness;
let proxied: ApiHarness;

beforeAll(async () => {
  [h, proxied] = await Promise.all([
    startApiHarness({ SVC_HR_EXAMPLE_APP: 'true' }),
    startApiHarness({ SVC_HR_EXAMPLE_APP: 'true', SVC_HR_TRUST_PROXY: 'loopback' }),
  ]);
});

afterAll(async () => {
  await Promise.all([h?.close(), proxied?.close()]);
});

interface Attempt {
  email: string;
  remoteAddress?: string;
  headers?: Record<string, string>;
}

const session = (on: ApiHarness, { email, remoteAddress, headers }: Attempt) =>
  on.app.inject({
    method: 'POST',
    url: '/example/api/session',
    payload: { email },
    ...(remoteAddress ? { remoteAddress } : {}),
    ...(headers ? { headers } : {}),
  });

const credentialCount = (on: ApiHarness) => on.db.prisma.credential.count();

const demoList = 'alice@acme.test, bob@acme.test, carol@acme.test, manager@acme.test';
const notDemo = (email: string) =>
  `The example app signs in only its demo users (${demoList}); ${email} is not one of them`;
const notLocal = (address: string) =>
  `The example app signs demo users in only for requests from this machine (a loopback address); this request came from ${address}`;

describe('create_example_session refuses what a demo must not do', () => {
  const refusedPeople = [
    'owner@acme.test',
    'admin@acme.test',
    'hr@acme.test',
    'director@acme.test',
    'sales.manager@acme.test',
    'OWNER@ACME.TEST',
    'dan@globex.test',
    'hr@globex.test',
    'nobody@acme.test',
  ];
  it.each(refusedPeople)('answers 403 for %s and writes no credential', async (email) => {
    const before = await credentialCount(h);
    const res = await session(h, { email });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'forbidden', message: notDemo(email) } });
    expect(await credentialCount(h)).toBe(before);
  });

  it('answers 403 to a client that is not on this machine, even for a demo user, and writes nothing', async () => {
    const before = await credentialCount(h);
    for (const remoteAddress of ['203.0.113.5', '10.0.0.7', '::ffff:192.168.1.20', '2001:db8::1']) {
      const res = await session(h, { email: 'alice@acme.test', remoteAddress });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'forbidden', message: notLocal(remoteAddress) } });
    }
    expect(await credentialCount(h)).toBe(before);
  });

  it('does not believe X-Forwarded-For when no proxy is trusted', async () => {
    const before = await credentialCount(h);
    const res = await session(h, {
      email: 'alice@acme.test',
      remoteAddress: '203.0.113.5',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'forbidden', message: notLocal('203.0.113.5') } });
    expect(await credentialCount(h)).toBe(before);
  });

  it('behind a trusted proxy, judges the forwarded client address', async () => {
    const before = await credentialCount(proxied);
    const res = await session(proxied, {
      email: 'alice@acme.test',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '198.51.100.9' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'forbidden', message: notLocal('198.51.100.9') } });
    expect(await credentialCount(proxied)).toBe(before);
    const local = await session(proxied, {
      email: 'alice@acme.test',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(local.statusCode).toBe(201);
  });

  it('refuses a request a proxy on this machine forwarded from elsewhere, even when no proxy is trusted', async () => {
    const before = await credentialCount(h);
    const forwarded: Array<[Record<string, string>, string]> = [
      [{ 'x-forwarded-for': '203.0.113.7' }, '203.0.113.7'],
      [{ 'x-forwarded-for': '127.0.0.1, 10.1.2.3:5123' }, '10.1.2.3'],
      [{ forwarded: 'for="[2001:db8::7]:4711";proto=https' }, '2001:db8::7'],
      [{ forwarded: 'for=unknown' }, 'unknown'],
      [{ 'x-real-ip': '198.51.100.3' }, '198.51.100.3'],
    ];
    for (const [headers, address] of forwarded) {
      const res = await session(h, { email: 'alice@acme.test', remoteAddress: '127.0.0.1', headers });
      expect({ headers, status: res.statusCode }).toEqual({ headers, status: 403 });
      expect(res.json()).toEqual({ error: { code: 'forbidden', message: notLocal(address) } });
    }
    expect(await credentialCount(h)).toBe(before);
    const local = await session(h, {
      email: 'alice@acme.test',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1, ::1', forwarded: 'for="[::1]:5000"' },
    });
    expect(local.statusCode).toBe(201);
  });

  it('answers 403 for a demo user whose role was raised since the seed, and writes nothing', async () => {
    await h.db.prisma.user.update({ where: { email: 'carol@acme.test' }, data: { role: 'ADMIN' } });
    try {
      const before = await credentialCount(h);
      const res = await session(h, { email: 'carol@acme.test' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: {
          code: 'forbidden',
          message:
            'carol@acme.test is no longer a demo employee or manager (role ADMIN); the example app does not sign them in',
        },
      });
      expect(await credentialCount(h)).toBe(before);
    } finally {
      await h.db.prisma.user.update({ where: { email: 'carol@acme.test' }, data: { role: 'EMPLOYEE' } });
    }
  });

  it('signs in the demo employees and their manager from this machine, over IPv4 and IPv6 loopback', async () => {
    const cases: Array<[string, string]> = [
      ['alice@acme.test', '127.0.0.1'],
      ['bob@acme.test', '::1'],
      ['carol@acme.test', '::ffff:127.0.0.1'],
      ['manager@acme.test', '127.0.0.2'],
    ];
    for (const [email, remoteAddress] of cases) {
      const res = await session(h, { email, remoteAddress });
      expect({ email, status: res.statusCode }).toEqual({ email, status: 201 });
      expect(res.json<{ data: { email: string; accessToken: string } }>().data).toMatchObject({ email });
    }
  });
});

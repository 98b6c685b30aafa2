import { hashSecret } from '../../../engines/tokens/secret';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { allScopes, bearer, tokenFor } from '../../support/identity';

let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness();
});
afterAll(() => h?.close());

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  h.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('personal access tokens', () => {
  it('creates a token whose secret is shown once, stored only as a hash, and works at once', async () => {
    const parent = await tokenFor(h.db.prisma, 'alice', ['leave:read', 'leave:write']);
    const res = await inject('POST', '/api/v1/tokens', parent, {
      name: 'cli',
      scopes: ['leave:read'],
      expiresInDays: 30,
    });
    expect(res.statusCode).toBe(201);
    const { token, secret } = res.json().data;
    expect(secret).toMatch(/^hrp_[0-9A-Za-z]{49}$/);
    expect(token).toMatchObject({
      name: 'cli',
      scopes: ['leave:read'],
      revokedAt: null,
      hint: secret.slice(0, 8) + '…',
    });
    expect(new Date(token.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    const row = await h.db.prisma.credential.findUniqueOrThrow({ where: { id: token.id } });
    expect(row.secretHash).toBe(hashSecret(secret));
    expect(JSON.stringify(row)).not.toContain(secret);

    const listed = await inject('GET', '/api/v1/tokens', parent);
    expect(JSON.stringify(listed.json())).not.toContain(secret);
    expect(listed.json().data.tokens.map((t: { id: string }) => t.id)).toContain(token.id);

    const asNew = await inject('GET', '/api/v1/me', secret);
    expect(asNew.json().data.token).toEqual({ name: 'cli', scopes: ['leave:read'] });
  });

  it('refuses to grant a scope the creating token lacks, and writes nothing', async () => {
    const parent = await tokenFor(h.db.prisma, 'bob', ['leave:read']);
    const before = await h.db.prisma.credential.count();
    const res = await inject('POST', '/api/v1/tokens', parent, { name: 'wider', scopes: ['leave:read', 'audit:read'] });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'forbidden', details: { missingScopes: ['audit:read'] } });
    expect(await h.db.prisma.credential.count()).toBe(before);
  });

  it.each([
    ['no name', { scopes: ['leave:read'] }, /^name: /],
    ['an unknown scope', { name: 'x', scopes: ['leave:admin'] }, /^scopes\.0: /],
    ['no scopes', { name: 'x', scopes: [] }, /^scopes: give at least one scope/],
    ['an expiry of 0 days', { name: 'x', scopes: ['leave:read'], expiresInDays: 0 }, /^expiresInDays: /],
  ])('answers 400 validation_error for %s, writing nothing', async (_what, payload, message) => {
    const parent = await tokenFor(h.db.prisma, 'carol', ['leave:read']);
    const before = await h.db.prisma.credential.count();
    const res = await inject('POST', '/api/v1/tokens', parent, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_error');
    expect(res.json().error.message).toMatch(message);
    expect(await h.db.prisma.credential.count()).toBe(before);
  });

  it('lets a delegated credential neither create tokens nor outlive its own lifetime through one', async () => {
    const delegated = await tokenFor(h.db.prisma, 'alice', ['leave:read'], { kind: 'delegated_credential' });
    const res = await inject('POST', '/api/v1/tokens', delegated, { name: 'escape', scopes: ['leave:read'] });
    expect(res.statusCode).toBe(403);
  });

  it('revokes only your own token; another user’s answers 404 and stays valid', async () => {
    const alice = await tokenFor(h.db.prisma, 'alice');
    const bob = await tokenFor(h.db.prisma, 'bob');
    const bobsId =
      (await inject('GET', '/api/v1/me', bob)).statusCode === 200 &&
      (await h.db.prisma.credential.findFirstOrThrow({ where: { secretHash: hashSecret(bob) } })).id;
    const foreign = await inject('DELETE', `/api/v1/tokens/${bobsId}`, alice);
    expect(foreign.statusCode).toBe(404);
    expect((await inject('GET', '/api/v1/me', bob)).statusCode).toBe(200);

    const own = await inject('DELETE', `/api/v1/tokens/${bobsId}`, bob);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.token.revokedAt).toEqual(expect.any(String));
    expect((await inject('GET', '/api/v1/me', bob)).statusCode).toBe(401);
  });
});

/**
 * Issue 16, finding C: revoking a personal access token takes the authority creating one takes. A browser-held
 * delegated credential could revoke its user's long-lived tokens, and a narrow token a wider one.
 */
describe('who may revoke a personal access token', () => {
  const idOf = async (secret: string) =>
    (await h.db.prisma.credential.findFirstOrThrow({ where: { secretHash: hashSecret(secret) } })).id;
  const revokedAt = async (secret: string) =>
    (await h.db.prisma.credential.findFirstOrThrow({ where: { secretHash: hashSecret(secret) } })).revokedAt;

  it("refuses a delegated credential revoking its user's personal access token with 403; the token keeps working", async () => {
    const pat = await tokenFor(h.db.prisma, 'alice', ['leave:read']);
    const delegated = await tokenFor(h.db.prisma, 'alice', allScopes, { kind: 'delegated_credential' });
    const res = await inject('DELETE', `/api/v1/tokens/${await idOf(pat)}`, delegated);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: {
        code: 'forbidden',
        message: 'This operation does not accept a delegated credential; use a personal access token',
      },
    });
    expect(await revokedAt(pat)).toBeNull();
    expect((await inject('GET', '/api/v1/me', pat)).statusCode).toBe(200);
  });

  it('refuses a token revoking one with scopes it lacks with 403 naming them; the token keeps working', async () => {
    const narrow = await tokenFor(h.db.prisma, 'carol', ['leave:read']);
    const wide = await tokenFor(h.db.prisma, 'carol', ['leave:read', 'leave:write', 'audit:read']);
    const res = await inject('DELETE', `/api/v1/tokens/${await idOf(wide)}`, narrow);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: {
        code: 'forbidden',
        message: 'A token can only revoke a token whose scopes it holds; this one lacks audit:read, leave:write',
        details: { missingScopes: ['audit:read', 'leave:write'] },
      },
    });
    expect(await revokedAt(wide)).toBeNull();
    expect((await inject('GET', '/api/v1/me', wide)).statusCode).toBe(200);
  });

  it('lets a token revoke one with the same or fewer scopes, and itself', async () => {
    const narrow = await tokenFor(h.db.prisma, 'carol', ['leave:read']);
    const wide = await tokenFor(h.db.prisma, 'carol', ['leave:read', 'audit:read']);
    const res = await inject('DELETE', `/api/v1/tokens/${await idOf(narrow)}`, wide);
    expect(res.statusCode).toBe(200);
    expect(await revokedAt(narrow)).toEqual(expect.any(Date));
    expect((await inject('DELETE', `/api/v1/tokens/${await idOf(wide)}`, wide)).statusCode).toBe(200);
    expect((await inject('GET', '/api/v1/me', wide)).statusCode).toBe(401);
  });
});

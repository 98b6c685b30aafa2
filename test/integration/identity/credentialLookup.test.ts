import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { bearer, tokenFor } from '../../support/identity';

// Concurrent look-ups share one query (engines/tokens/authenticate.ts): these tests send requests together, so
// that they land in one shared look-up, and check that sharing never mixes answers up or serves a stale one.

let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness();
});
afterAll(() => h?.close());

const me = (headers: Record<string, string>) => h.app.inject({ method: 'GET', url: '/api/v1/me', headers });
const together = <T>(n: number, call: () => Promise<T>) => Promise.all(Array.from({ length: n }, call));

describe('credential look-ups shared by concurrent requests', () => {
  it('answers each concurrent request for its own token: users, roles, revoked and unknown tokens apart', async () => {
    const alice = await tokenFor(h.db.prisma, 'alice', ['leave:read'], { name: 'lookup-alice' });
    const hr = await tokenFor(h.db.prisma, 'hr', ['leave:read', 'reports:read'], { name: 'lookup-hr' });
    const dan = await tokenFor(h.db.prisma, 'dan', ['leave:read'], { name: 'lookup-dan' });
    const revoked = await tokenFor(h.db.prisma, 'bob', ['leave:read'], { name: 'lookup-revoked' });
    await h.db.prisma.credential.updateMany({ where: { name: 'lookup-revoked' }, data: { revokedAt: new Date() } });
    // Well-formed (prefix and checksum) but unknown: its credential is gone.
    const unknown = await tokenFor(h.db.prisma, 'bob', ['leave:read'], { name: 'lookup-deleted' });
    await h.db.prisma.credential.deleteMany({ where: { name: 'lookup-deleted' } });

    const answers = await Promise.all(
      [alice, hr, dan, revoked, unknown, alice, dan].map(async (token) => {
        const res = await me(bearer(token));
        return res.statusCode === 200
          ? [res.json().data.user.email, res.json().data.user.role, res.json().data.token.name]
          : [res.statusCode, res.json().error.message];
      }),
    );
    expect(answers).toEqual([
      ['alice@acme.test', 'EMPLOYEE', 'lookup-alice'],
      ['hr@acme.test', 'HR_MANAGER', 'lookup-hr'],
      ['dan@globex.test', 'EMPLOYEE', 'lookup-dan'],
      [401, 'The token was revoked'],
      [401, 'The token is not valid'],
      ['alice@acme.test', 'EMPLOYEE', 'lookup-alice'],
      ['dan@globex.test', 'EMPLOYEE', 'lookup-dan'],
    ]);
  });

  it('refuses a token revoked through the API on every request after the revocation, under concurrent load', async () => {
    const token = await tokenFor(h.db.prisma, 'carol', ['leave:read'], { name: 'lookup-revoke' });
    const { id } = await h.db.prisma.credential.findFirstOrThrow({ where: { name: 'lookup-revoke' } });
    // Requests still in flight when the revocation commits may see either state; none sent after it may pass.
    const inFlight = together(10, () => me(bearer(token)));
    const revoke = await h.app.inject({ method: 'DELETE', url: `/api/v1/tokens/${id}`, headers: bearer(token) });
    expect(revoke.statusCode).toBeLessThan(300);
    const after = await together(10, () => me(bearer(token)));
    expect(after.map((res) => [res.statusCode, res.json().error?.message])).toEqual(
      Array.from({ length: 10 }, () => [401, 'The token was revoked']),
    );
    expect((await inFlight).every((res) => [200, 401].includes(res.statusCode))).toBe(true);
  });

  it('applies a demotion to every request after it, under concurrent load', async () => {
    const token = await tokenFor(h.db.prisma, 'director', ['leave:read'], { name: 'lookup-demote' });
    const before = await together(10, () => me(bearer(token)));
    expect(new Set(before.map((res) => res.json().data.user.role))).toEqual(new Set(['DIRECTOR']));
    const inFlight = together(10, () => me(bearer(token)));
    await h.db.prisma.user.update({ where: { email: 'director@acme.test' }, data: { role: 'EMPLOYEE' } });
    try {
      const after = await together(10, () => me(bearer(token)));
      expect(after.map((res) => res.json().data.user.role)).toEqual(Array.from({ length: 10 }, () => 'EMPLOYEE'));
      await inFlight;
    } finally {
      await h.db.prisma.user.update({ where: { email: 'director@acme.test' }, data: { role: 'DIRECTOR' } });
    }
  });

  it('records last_used_at for a burst of concurrent requests of one token', async () => {
    const token = await tokenFor(h.db.prisma, 'alice', ['leave:read'], { name: 'lookup-usage' });
    const responses = await together(10, () => me(bearer(token)));
    expect(responses.map((res) => res.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    const { waitFor } = await import('../../support/waitFor');
    await waitFor('last_used_at', async () =>
      Boolean((await h.db.prisma.credential.findFirstOrThrow({ where: { name: 'lookup-usage' } })).lastUsedAt),
    );
  });
});

import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../api/app';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { testConfig } from '../../support/config';
import { bearer, tokenFor } from '../../support/identity';

/**
 * CORS (issue 24, item 2; api/cors.ts): a page on an allowed origin calls the API with a bearer token. Preflights
 * are answered 204 without spending the rate limit; an origin not allowed gets no Access-Control-Allow-Origin, so
 * the browser refuses to hand the answer to its script.
 */
const allowed = 'https://hr.example.com';
const preflightHeaders = (origin: string, method = 'GET', headers = 'authorization') => ({
  origin,
  'access-control-request-method': method,
  'access-control-request-headers': headers,
});
const listOf = (header: string | string[] | number | undefined) =>
  String(header ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);

let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness({
    SVC_HR_CORS_ORIGINS: `${allowed}, http://localhost:8080`,
    SVC_HR_RATE_LIMIT_PER_MINUTE: '3',
  });
});
afterAll(() => h?.close());

describe('CORS from SVC_HR_CORS_ORIGINS', () => {
  it('answers a preflight from an allowed origin 204 with its origin, the methods and the request headers', async () => {
    const res = await h.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/agent/threads',
      headers: preflightHeaders(allowed, 'POST', 'authorization, content-type, idempotency-key'),
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['access-control-allow-origin']).toBe(allowed);
    expect(listOf(res.headers['access-control-allow-headers'])).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'idempotency-key', 'x-tenant-id', 'last-event-id']),
    );
    expect(listOf(res.headers['access-control-allow-methods'])).toEqual(
      expect.arrayContaining(['get', 'post', 'put', 'patch', 'delete']),
    );
    expect(res.headers['access-control-max-age']).toBe('600');
    // Bearer tokens only: the browser is not asked to send cookies.
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(listOf(res.headers.vary)).toContain('origin');
    // Nothing was counted.
    expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
    expect(res.headers['x-request-id']).toBeDefined();
  });

  it('answers the preflight of a company path and of an unknown path alike', async () => {
    for (const url of ['/api/people/e0000000-0000-4000-8000-000000000001', '/api/v1/no-such-thing']) {
      const res = await h.app.inject({ method: 'OPTIONS', url, headers: preflightHeaders('http://localhost:8080') });
      expect({ url, status: res.statusCode, origin: res.headers['access-control-allow-origin'] }).toEqual({
        url,
        status: 204,
        origin: 'http://localhost:8080',
      });
    }
  });

  it('gives an origin not allowed no Access-Control-Allow-Origin: its preflight falls through to 405 or 404', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:3000', 'https://hr.example.com:8443', 'null']) {
      const res = await h.app.inject({ method: 'OPTIONS', url: '/api/v1/me', headers: preflightHeaders(origin) });
      expect({ origin, status: res.statusCode }).toEqual({ origin, status: 405 });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-headers']).toBeUndefined();
      expect(res.json().error.code).toBe('method_not_allowed');
    }
    const unknown = await h.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/no-such-thing',
      headers: preflightHeaders('https://evil.example'),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['access-control-allow-origin']).toBeUndefined();

    const token = await tokenFor(h.db.prisma, 'carol');
    const get = await h.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { ...bearer(token), origin: 'https://evil.example' },
    });
    // The server answers (CORS is the browser's to enforce), without the header that would let the page read it.
    expect(get.statusCode).toBe(200);
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets an allowed page read an answer and its X-Request-Id, X-RateLimit-* and Retry-After headers', async () => {
    const token = await tokenFor(h.db.prisma, 'alice');
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { ...bearer(token), origin: allowed },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.email).toBe('alice@acme.test');
    expect(res.headers['access-control-allow-origin']).toBe(allowed);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(listOf(res.headers['access-control-expose-headers'])).toEqual(
      expect.arrayContaining([
        'x-request-id',
        'x-ratelimit-limit',
        'x-ratelimit-remaining',
        'x-ratelimit-reset',
        'retry-after',
        'x-audit-id',
      ]),
    );
    expect(listOf(res.headers.vary)).toContain('origin');
  });

  it('sends no CORS headers to a request without Origin', async () => {
    const token = await tokenFor(h.db.prisma, 'bob');
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-expose-headers']).toBeUndefined();
  });

  it('spends no rate limit on preflights, and a 429 still tells an allowed page when to retry', async () => {
    const remoteAddress = '203.0.113.24';
    // Allowed or not, a preflight is not counted.
    for (const origin of [allowed, allowed, allowed, 'https://evil.example', 'https://evil.example', allowed]) {
      const res = await h.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/me',
        remoteAddress,
        headers: preflightHeaders(origin),
      });
      expect(res.statusCode).toBe(origin === allowed ? 204 : 405);
      expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
    }
    // Six preflights from the address, then its first request: the whole budget of 3 is left but that one.
    const first = await h.app.inject({ method: 'GET', url: '/api/v1/me', remoteAddress, headers: { origin: allowed } });
    expect(first.statusCode).toBe(401);
    expect(first.headers['x-ratelimit-remaining']).toBe('2');

    const token = await tokenFor(h.db.prisma, 'manager');
    let last = first;
    for (let i = 0; i < 4; i++) {
      last = await h.app.inject({ method: 'GET', url: '/api/v1/me', headers: { ...bearer(token), origin: allowed } });
    }
    expect(last.statusCode).toBe(429);
    expect(last.headers['access-control-allow-origin']).toBe(allowed);
    expect(last.headers['retry-after']).toEqual(expect.any(String));
    expect(listOf(last.headers['access-control-expose-headers'])).toContain('retry-after');
    expect(last.json().error.code).toBe('rate_limited');
  });
});

describe('CORS by default', () => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    // The defaults: PUBLIC_BASE_URL's origin (http://localhost:3000), and the origins the server listens on.
    app = await buildApp({ config: testConfig(), prisma: h.db.prisma, readinessChecks: [], logger: false });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app?.close());

  it("allows PUBLIC_BASE_URL's origin and the server's own listen origins, and no other", async () => {
    const port = new URL(base).port;
    const answers: Record<string, string | undefined> = {};
    for (const origin of [
      'http://localhost:3000',
      base,
      `http://localhost:${port}`,
      'http://127.0.0.1:1',
      `http://127.0.0.2:${port}`,
      `https://127.0.0.1:${port}`,
    ]) {
      const res = await app.inject({ method: 'OPTIONS', url: '/api/v1/me', headers: preflightHeaders(origin) });
      answers[origin] = res.headers['access-control-allow-origin'] as string | undefined;
    }
    expect(answers).toEqual({
      'http://localhost:3000': 'http://localhost:3000',
      [base]: base,
      [`http://localhost:${port}`]: `http://localhost:${port}`,
      'http://127.0.0.1:1': undefined,
      [`http://127.0.0.2:${port}`]: undefined,
      [`https://127.0.0.1:${port}`]: undefined,
    });
  });

  it('answers a real preflight over the network, as a browser sends it', async () => {
    const res = await fetch(`${base}/api/v1/me`, {
      method: 'OPTIONS',
      headers: preflightHeaders(base, 'GET', 'authorization'),
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(base);
    expect(listOf(res.headers.get('access-control-allow-headers') ?? '')).toContain('authorization');
  });
});

import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../../../api/app';
import { generateSecret, hashSecret } from '../../../engines/tokens/secret';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { testConfig } from '../../support/config';
import { bearer, tokenFor } from '../../support/identity';

/**
 * Issue 16, finding D: the budget of an invalid token was kept per token string, so a client sending a new random
 * token each time was never limited. Requests that fail authentication now also spend the budget of their client
 * address (the one requests without a token spend), in memory and in Redis; a valid token's requests never do.
 * Clients are told apart by X-Forwarded-For behind a trusted proxy (SVC_HR_TRUST_PROXY), so each test is its own
 * client address.
 */
const REDIS_URL = process.env.SVC_HR_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// This run's counters only: parallel runs and earlier runs on the same Redis cannot touch them.
const keyPrefix = `svc-hr-test:${randomUUID()}:rl:`;
const LIMIT = 60;

let h: ApiHarness;
const apps: FastifyInstance[] = [];
let addressCount = 0;
/** A client address of the documentation range no other test uses. */
const newAddress = () => `198.51.100.${++addressCount}`;
/** A well-formed token (its checksum holds) that no one was ever given: it reaches the credential look-up. */
const unknownToken = () => generateSecret('personal_access_token').secret;

async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const config = testConfig({ SVC_HR_TRUST_PROXY: 'loopback', ...env });
  const app = await buildApp({ config, prisma: h.db.prisma, readinessChecks: [], logger: false });
  apps.push(app);
  return app;
}

function me(app: FastifyInstance, from: string, token?: string): Promise<LightMyRequestResponse> {
  const headers = { 'x-forwarded-for': from, ...(token ? bearer(token) : {}) };
  return app.inject({ method: 'GET', url: '/api/v1/me', headers });
}

beforeAll(async () => {
  h = await startApiHarness();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${keyPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  await h?.close();
});

describe.each([
  ['in memory, one process', false],
  ['with Redis, shared by two processes', true],
])('requests that fail authentication, %s', (_what, redis) => {
  /** Two processes on one Redis, or one process twice. */
  let one: FastifyInstance;
  let other: FastifyInstance;
  beforeAll(async () => {
    const env: Record<string, string> = redis ? { REDIS_URL, SVC_HR_RATE_LIMIT_REDIS_PREFIX: keyPrefix } : {};
    one = await appWith(env);
    other = redis ? await appWith(env) : one;
  });

  it(`answer 429 after ${LIMIT} from one address, each with a fresh random invalid token`, async () => {
    const from = newAddress();
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < 100; i += 1) answers.push(await me(i % 2 ? other : one, from, unknownToken()));
    expect(answers.map((a) => a.statusCode)).toEqual([...Array(LIMIT).fill(401), ...Array(100 - LIMIT).fill(429)]);
    const limited = answers[LIMIT]!;
    expect(limited.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: expect.stringMatching(
          new RegExp(`^More than ${LIMIT} requests per minute without a valid token from this address; retry in `),
        ),
      },
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers['x-ratelimit-limit']).toBe(String(LIMIT));
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect(limited.headers['x-ratelimit-reset']).toBe(limited.headers['retry-after']);
    expect(answers[LIMIT - 1]!.headers['x-ratelimit-remaining']).toBe('0');
    expect(answers[0]!.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1));
  });

  it('keep serving a valid token from that address, on its own budget', async () => {
    const from = newAddress();
    for (let i = 0; i < LIMIT + 1; i += 1) await me(one, from, unknownToken());
    expect((await me(other, from, unknownToken())).statusCode).toBe(429);
    const token = await tokenFor(h.db.prisma, 'alice', ['leave:read']);
    const res = await me(other, from, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1));
    expect((await me(one, from, token)).statusCode).toBe(200);
  });

  it('count another address apart', async () => {
    const from = newAddress();
    for (let i = 0; i < LIMIT + 1; i += 1) await me(one, from, unknownToken());
    const elsewhere = await me(other, newAddress(), unknownToken());
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json().error.code).toBe('unauthorized');
  });

  it('share the budget of requests without a token, malformed and revoked tokens, and the MCP endpoint', async () => {
    const from = newAddress();
    const revoked = await tokenFor(h.db.prisma, 'bob', ['leave:read']);
    await h.db.prisma.credential.updateMany({
      where: { secretHash: hashSecret(revoked) },
      data: { revokedAt: new Date() },
    });
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT / 4; i += 1) {
      statuses.push((await me(one, from)).statusCode);
      statuses.push((await me(other, from, `svc_pat_${randomUUID()}`)).statusCode);
      // The same revoked token each time: its own budget has room; its address's runs out.
      statuses.push((await me(one, from, revoked)).statusCode);
      statuses.push((await mcp(other, from, unknownToken())).statusCode);
    }
    expect(statuses).toEqual(Array(LIMIT).fill(401));
    const limited = await mcp(one, from, unknownToken());
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { data: { code: 'rate_limited' } } });
    expect((await me(other, from)).statusCode).toBe(429);
  });
});

function mcp(app: FastifyInstance, from: string, token: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/mcp',
    headers: {
      ...bearer(token),
      'x-forwarded-for': from,
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
    },
    payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_me', arguments: {} } },
  });
}

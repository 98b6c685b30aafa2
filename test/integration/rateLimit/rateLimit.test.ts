import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { buildApp } from '../../../api/app';
import { operations } from '../../../operations';
import { defineOperation } from '../../../operations/defineOperation';
import { findFreePort } from '../../../temporal/devServer/freePort';
import { testConfig } from '../../support/config';
import { createTestDatabase, type TestDatabase } from '../../support/database';

/**
 * The rate limit of one API process, in memory: the budget per token, the headers of every counted answer,
 * the 429 in the contract's envelope, the exempt routes, and serving on when Redis does not answer. A
 * scratch public operation stands in for the contract's operations, which later layers (authentication)
 * would answer 401 here; the limit runs before them either way.
 */
const ping = defineOperation({
  name: 'get_test_ping',
  method: 'GET',
  path: '/api/v1/test-ping',
  access: 'public',
  tag: 'Test',
  summary: 'Answers pong (test only)',
  input: {},
  output: z.object({ pong: z.literal(true) }),
  handler: async () => ({ pong: true as const }),
});

let db: TestDatabase;
const apps: FastifyInstance[] = [];

async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const deps = { config: testConfig(env), prisma: db.prisma, readinessChecks: [], logger: false };
  const app = await buildApp(deps, [...operations, ping]);
  apps.push(app);
  return app;
}

const bearer = () => `Bearer svc_pat_${randomUUID()}`;

function get(app: FastifyInstance, url: string, authorization?: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers: { ...headers, ...(authorization ? { authorization } : {}) } });
}

async function spend(app: FastifyInstance, n: number, authorization?: string): Promise<LightMyRequestResponse[]> {
  const answers: LightMyRequestResponse[] = [];
  for (let i = 0; i < n; i += 1) answers.push(await get(app, '/api/v1/test-ping', authorization));
  return answers;
}

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await db?.drop();
});

describe('requests without a token behind a load balancer (SVC_HR_TRUST_PROXY)', () => {
  /** Three requests of each of two clients, all arriving from the balancer at 127.0.0.1. */
  async function twoClientsThroughTheBalancer(app: FastifyInstance): Promise<number[]> {
    const statuses: number[] = [];
    for (const client of ['203.0.113.7', '198.51.100.9'])
      for (let i = 0; i < 3; i += 1)
        statuses.push((await get(app, '/api/v1/test-ping', undefined, { 'x-forwarded-for': client })).statusCode);
    return statuses;
  }

  it('counts each forwarded client apart when the balancer is trusted', async () => {
    const app = await appWith({ SVC_HR_RATE_LIMIT_PER_MINUTE: '2', SVC_HR_TRUST_PROXY: 'loopback' });
    expect(await twoClientsThroughTheBalancer(app)).toEqual([200, 200, 429, 200, 200, 429]);
  });

  it('counts them all as the balancer when no proxy is trusted (the default), so X-Forwarded-For is no way around it', async () => {
    const app = await appWith({ SVC_HR_RATE_LIMIT_PER_MINUTE: '2' });
    expect(await twoClientsThroughTheBalancer(app)).toEqual([200, 200, 429, 429, 429, 429]);
  });
});

describe('the rate limit at 5 requests per minute, in memory', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith({ SVC_HR_RATE_LIMIT_PER_MINUTE: '5' });
  });

  it('serves 5 requests with one token, counting X-RateLimit-Remaining down from the limit', async () => {
    const answers = await spend(app, 5, bearer());
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.headers['x-ratelimit-limit'])).toEqual(['5', '5', '5', '5', '5']);
    expect(answers.map((a) => a.headers['x-ratelimit-remaining'])).toEqual(['4', '3', '2', '1', '0']);
  });

  it('sends X-RateLimit-Reset as the seconds until the window resets, not as a Unix time', async () => {
    const [answer] = await spend(app, 1, bearer());
    const reset = Number(answer!.headers['x-ratelimit-reset']);
    expect(Number.isInteger(reset)).toBe(true);
    expect(reset).toBeGreaterThanOrEqual(1);
    expect(reset).toBeLessThanOrEqual(60);
  });

  it('answers the 6th request with 429, Retry-After, the rate_limited envelope and the request id', async () => {
    const token = bearer();
    await spend(app, 5, token);
    const res = await get(app, '/api/v1/test-ping', token, { 'x-request-id': 'caller-trace-0429' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      error: { code: 'rate_limited', message: expect.stringMatching(/^More than 5 requests per minute/) },
    });
    expect(res.headers['x-request-id']).toBe('caller-trace-0429');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(res.headers['x-ratelimit-limit']).toBe('5');
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    expect(res.headers['x-ratelimit-reset']).toBe(res.headers['retry-after']);
  });

  it('gives another token its own full budget while the first one is limited', async () => {
    const limited = bearer();
    await spend(app, 6, limited);
    const other = await get(app, '/api/v1/test-ping', bearer());
    expect(other.statusCode).toBe(200);
    expect(other.headers['x-ratelimit-remaining']).toBe('4');
    expect((await get(app, '/api/v1/test-ping', limited)).statusCode).toBe(429);
  });

  it('counts a token the same whatever the case of "Bearer" and the spacing', async () => {
    const secret = `svc_pat_${randomUUID()}`;
    await get(app, '/api/v1/test-ping', `Bearer ${secret}`);
    const res = await get(app, '/api/v1/test-ping', `bearer   ${secret}`);
    expect(res.headers['x-ratelimit-remaining']).toBe('3');
  });

  it('counts unknown routes in the same budget, so probing paths is limited too', async () => {
    const token = bearer();
    await spend(app, 4, token);
    const unknown = await get(app, '/api/v1/no-such-route', token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['x-ratelimit-remaining']).toBe('0');
    expect((await get(app, '/api/v1/test-ping', token)).statusCode).toBe(429);
  });

  it('counts requests without a token by client address, apart from any token', async () => {
    const answers = await spend(app, 6);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await get(app, '/api/v1/test-ping', bearer())).statusCode).toBe(200);
  });

  it('never limits /healthz, /readyz, the OpenAPI document or the reference page, and sends them no limit headers', async () => {
    const token = bearer();
    await spend(app, 6, token);
    // The bare reference path redirects to the page (301); both are exempt.
    const exempt = ['/healthz', '/readyz', '/api/v1/openapi.json', '/api/v1/reference', '/api/v1/reference/'];
    for (const url of exempt) {
      for (let i = 0; i < 7; i += 1) {
        const res = await get(app, url, token);
        expect({ url, status: res.statusCode }).toEqual({ url, status: url === '/api/v1/reference' ? 301 : 200 });
        expect(res.headers['x-ratelimit-limit']).toBeUndefined();
      }
    }
  });

  it('limits other methods on the exempt paths like any request', async () => {
    const token = bearer();
    await spend(app, 5, token);
    const res = await app.inject({ method: 'POST', url: '/healthz', headers: { authorization: token } });
    expect(res.statusCode).toBe(429);
  });
});

describe('the rate limit at its default', () => {
  it('serves 60 requests a minute with one token and answers the 61st with 429', async () => {
    const app = await appWith({});
    const token = bearer();
    const answers = await spend(app, 60, token);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(0);
    expect(answers[0]!.headers['x-ratelimit-limit']).toBe('60');
    expect(answers[0]!.headers['x-ratelimit-remaining']).toBe('59');
    expect(answers[59]!.headers['x-ratelimit-remaining']).toBe('0');
    const res = await get(app, '/api/v1/test-ping', token);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json().error.code).toBe('rate_limited');
  });
});

describe('the rate limit when Redis does not answer', () => {
  it('serves every request without a limit (fail open) instead of failing them', async () => {
    const closedPort = await findFreePort();
    const app = await appWith({ SVC_HR_RATE_LIMIT_PER_MINUTE: '2', REDIS_URL: `redis://127.0.0.1:${closedPort}` });
    const answers = await spend(app, 5, bearer());
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
  });
});

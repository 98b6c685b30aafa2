import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../../../api/app';
import { hashSecret } from '../../../engines/tokens/secret';
import { startApiHarness, type ApiHarness } from '../../support/apiHarness';
import { testConfig } from '../../support/config';
import { bearer, tokenFor } from '../../support/identity';

/**
 * MCP tool calls count in the token's one budget with REST: 60 a minute, the 61st answers 429. A JSON-RPC batch
 * spends one unit per call (issue 16, finding A: a batch of 100 calls used to count as one request); a batch that
 * does not fit the remaining budget answers 429 as a whole and runs none of its calls. The protocol's own messages
 * (initialize, notifications, ping, tools/list, a GET of the endpoint) spend a budget of their own, ten times as
 * large (issue 24): a client's handshake around each call does not use up its calls, and a flood of them is bounded.
 */
const REDIS_URL = process.env.SVC_HR_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// This run's counters only: parallel runs and earlier runs on the same Redis cannot touch them.
const keyPrefix = `svc-hr-test:${randomUUID()}:rl:`;
const LIMIT = 10;

let h: ApiHarness;
const apps: FastifyInstance[] = [];

async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(env), prisma: h.db.prisma, readinessChecks: [], logger: false });
  apps.push(app);
  return app;
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

const initialize = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'rate-limit-test', version: '1' } },
});
const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };
const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
const listTools = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' });
const getMe = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_me', arguments: {} } });
const batchOf = (n: number) => Array.from({ length: n }, (_, i) => getMe(i + 1));

function post(app: FastifyInstance, token: string, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/mcp',
    headers: { ...bearer(token), accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

/** The audit records of one token's calls: each tool call that ran wrote one. */
async function auditedCalls(token: string): Promise<number> {
  const credential = await h.db.prisma.credential.findFirstOrThrow({ where: { secretHash: hashSecret(token) } });
  // One statement, one snapshot: a record the sequencer moves from pending to the chain is counted once.
  const [row] = await h.db.prisma.$queryRaw<Array<{ n: number }>>`
    SELECT ((SELECT count(*) FROM audit_pending WHERE credential_id = ${credential.id}::uuid) +
            (SELECT count(*) FROM audit_records WHERE credential_id = ${credential.id}::uuid))::int AS n`;
  return row!.n;
}

it('rate-limits the 61st MCP call of a minute with 429 and Retry-After, counting REST calls too', async () => {
  const token = await tokenFor(h.db.prisma, 'alice', ['leave:read']);
  for (let i = 0; i < 30; i++)
    expect((await h.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) })).statusCode).toBe(200);
  for (let i = 0; i < 30; i++) expect((await post(h.app, token, getMe(1))).statusCode).toBe(200);
  const limited = await post(h.app, token, getMe(1));
  expect(limited.statusCode).toBe(429);
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  expect(limited.json()).toMatchObject({ jsonrpc: '2.0', error: { data: { code: 'rate_limited' } } });
});

it('answers a batch of 100 calls at the default budget of 60 with 429, running none of them', async () => {
  const token = await tokenFor(h.db.prisma, 'alice', ['leave:read']);
  const res = await post(h.app, token, batchOf(100));
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({
    jsonrpc: '2.0',
    id: null,
    error: {
      code: -32000,
      message: 'The batch holds 100 tool calls, more than the 60 requests a minute allows; send smaller batches',
      data: { code: 'rate_limited' },
    },
  });
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(await auditedCalls(token)).toBe(0);
});

describe.each([
  ['in memory, one process', false],
  ['with Redis, shared by two processes', true],
])(`JSON-RPC batches against a budget of ${LIMIT} a minute, %s`, (_what, redis) => {
  /** The app the first request of a test goes to, and the one the others go to (the same one without Redis). */
  let first: FastifyInstance;
  let then: FastifyInstance;
  beforeAll(async () => {
    const env = {
      SVC_HR_RATE_LIMIT_PER_MINUTE: String(LIMIT),
      ...(redis ? { REDIS_URL, SVC_HR_RATE_LIMIT_REDIS_PREFIX: keyPrefix } : {}),
    };
    first = await appWith(env);
    then = redis ? await appWith(env) : first;
  });

  it('spends one request per message: a batch of 4 calls leaves 6 of 10, and answers all 4', async () => {
    const token = await tokenFor(h.db.prisma, 'bob', ['leave:read']);
    const res = await post(first, token, batchOf(4));
    expect(res.statusCode).toBe(200);
    expect(res.json<Array<{ id: number }>>().map((r) => r.id)).toEqual([1, 2, 3, 4]);
    expect(res.headers['x-ratelimit-limit']).toBe(String(LIMIT));
    expect(res.headers['x-ratelimit-remaining']).toBe('6');
    expect(await auditedCalls(token)).toBe(4);
    const single = await post(then, token, getMe(5));
    expect(single.statusCode).toBe(200);
    expect(single.headers['x-ratelimit-remaining']).toBe('5');
  });

  it('spends nothing of the request budget on the protocol’s own messages, one request per tool call', async () => {
    const token = await tokenFor(h.db.prisma, 'manager', ['leave:read']);
    const remaining = (res: { statusCode: number; headers: Record<string, unknown> }) => {
      expect(res.statusCode).toBeLessThan(300);
      return res.headers['x-ratelimit-remaining'];
    };
    for (const message of [initialize(1), initialized, ping(2), listTools(3)]) {
      expect(remaining(await post(first, token, message))).toBe(String(LIMIT));
    }
    const probe = await then.inject({ method: 'GET', url: '/api/mcp', headers: bearer(token) });
    expect(probe.statusCode).toBe(405);
    expect(probe.headers['x-ratelimit-remaining']).toBe(String(LIMIT));
    expect(remaining(await post(then, token, getMe(4)))).toBe(String(LIMIT - 1));
    // A batch mixing both kinds spends its calls only.
    const mixed = await post(first, token, [ping(5), getMe(6), listTools(7), getMe(8)]);
    expect(mixed.json<Array<{ id: number }>>().map((r) => r.id)).toEqual([5, 6, 7, 8]);
    expect(remaining(mixed)).toBe(String(LIMIT - 3));
    expect(await auditedCalls(token)).toBe(3);
  });

  it('bounds the protocol’s own messages at ten times the budget, apart from the calls', async () => {
    const token = await tokenFor(h.db.prisma, 'director', ['leave:read']);
    const pings = Array.from({ length: 10 }, (_, i) => Array.from({ length: LIMIT }, (_, j) => ping(i * LIMIT + j)));
    for (const batch of pings) expect((await post(first, token, batch)).statusCode).toBe(200);
    const over = await post(then, token, ping(1000));
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      jsonrpc: '2.0',
      error: {
        message: expect.stringMatching(
          new RegExp(
            `^More than ${LIMIT * 10} MCP protocol messages \\(initialize, ping, tools/list, notifications\\)`,
          ),
        ),
        data: { code: 'rate_limited' },
      },
    });
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The calls' budget is untouched.
    const call = await post(first, token, getMe(1001));
    expect(call.statusCode).toBe(200);
    expect(call.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1));
  });

  it('answers a batch larger than what is left with 429 as a whole, runs none of it, and serves one that fits', async () => {
    const token = await tokenFor(h.db.prisma, 'carol', ['leave:read']);
    expect((await post(first, token, batchOf(4))).headers['x-ratelimit-remaining']).toBe('6');

    const over = await post(then, token, batchOf(7));
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32000,
        message: expect.stringMatching(
          /^The batch holds 7 tool calls, more than the 6 requests left this minute for this token; retry in \d+ s$/,
        ),
        data: { code: 'rate_limited' },
      },
    });
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The refused POST itself counts as one request, like any refused request; its calls spend nothing.
    expect(over.headers['x-ratelimit-remaining']).toBe('5');
    expect(over.headers['x-ratelimit-reset']).toBe(over.headers['retry-after']);
    expect(await auditedCalls(token)).toBe(4);

    const fits = await post(then, token, batchOf(5));
    expect(fits.statusCode).toBe(200);
    expect(fits.json()).toHaveLength(5);
    expect(fits.headers['x-ratelimit-remaining']).toBe('0');
    expect(await auditedCalls(token)).toBe(9);
    expect((await post(first, token, getMe(1))).statusCode).toBe(429);
    expect(await auditedCalls(token)).toBe(9);
  });
});
